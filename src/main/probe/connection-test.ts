// "Test connection": one short streamed request to an endpoint, to see that
// the URL, the model and the key work before a run spends its calls.

import type { ConnectionTest } from '../../shared/api';
import { createProbeSession } from './probe-session';
import { DEFAULT_LIMITS, type EndpointSpec, type RequestSpec } from './types';

const REQUEST: RequestSpec = {
  messages: [{ role: 'user', content: 'Say hello in five words.' }],
  max_tokens: 32,
  mode: 'stream',
};
/** A test answers in seconds or says why not: a minute is the most it waits. */
const TEST_DEADLINE_MS = 60_000;
const ANSWER_CHARS = 200;

/** Throws ProbeConfigError (InsecureKeyError) when the endpoint cannot be asked as configured. */
export async function testConnection(endpoint: EndpointSpec): Promise<ConnectionTest> {
  const session = createProbeSession(endpoint);
  try {
    const trial = await session.runTrial(REQUEST, {
      ...DEFAULT_LIMITS,
      deadline_ms: TEST_DEADLINE_MS,
    });
    const answer = trial.text || trial.reasoning_text;
    return {
      status: trial.status,
      http_status: trial.http_status,
      ttft_ms: trial.ttft_ms,
      total_ms: trial.total_ms,
      message: trial.status === 'ok' ? null : trial.error,
      answer: answer === '' ? null : answer.slice(0, ANSWER_CHARS),
      key_sent: endpoint.api_key !== undefined,
    };
  } finally {
    session.close();
  }
}
