// The --help texts. Defaults are interpolated from the values the parser uses,
// so the help cannot drift from the behaviour.

import { DEFAULT_LIMITS } from '../probe';
import { PROBE_DEFAULTS, SIM_DEFAULT_PORT } from './args';

const seconds = (ms: number): string => `${ms / 1000}`;

export const MAIN_HELP = `lasttoken — measures how LLM API endpoints really stream

Usage:
  lasttoken probe --base-url URL --model M [options]   measure an endpoint
  lasttoken sim [--port N]                             run the simulated provider
  lasttoken --help | --version

Run "lasttoken probe --help" or "lasttoken sim --help" for the options.
Your users wait for the last token: the probe shows where the time goes.
`;

export const PROBE_HELP = `Usage: lasttoken probe --base-url URL --model M [options]

Runs the same prompt against one endpoint, streaming and plain, trial after
trial (modes interleaved, so drift affects both alike), and prints the median
and p95 of time to first token, total time, gaps between chunks, tokens/s and
tokens per chunk, with n beside every figure.

Endpoint:
  --base-url URL         base URL by the SDK's convention (https://api.openai.com/v1,
                         https://api.anthropic.com) or the full endpoint URL
  --model M              model name sent in the request
  --dialect D            openai-chat | anthropic-messages (default ${PROBE_DEFAULTS.dialect})
  --api-key-env VAR      read the API key from the environment variable VAR
                         (keys are never accepted on the command line)
  --header Name:Value    extra request header, repeatable (not for credentials)
  --allow-insecure-key   allow sending the key over plain http to a non-loopback host

Run:
  --mode M               stream | plain | both (default ${PROBE_DEFAULTS.mode})
  --trials N             trials per mode (default ${PROBE_DEFAULTS.trials})
  --max-tokens N         max_tokens of each request (default ${PROBE_DEFAULTS.maxTokens})
  --prompt TEXT          default: "${PROBE_DEFAULTS.prompt}"
  --reuse-connection     keep one connection across trials (default: a new one per trial)
  --abort-after N        abort experiment: hang up each stream after N tokens and
                         report what still arrives

Limits, in seconds (decimals allowed):
  --connect-timeout S    DNS + TCP + TLS (default ${seconds(DEFAULT_LIMITS.connect_timeout_ms)})
  --idle-timeout S       no bytes at all for this long ends a trial (default ${seconds(DEFAULT_LIMITS.idle_timeout_ms)})
  --stall S              no content for this long flags a stall (default ${seconds(DEFAULT_LIMITS.stall_ms)})
  --deadline S           overall cap per trial (default ${seconds(DEFAULT_LIMITS.deadline_ms)})

Output:
  --json                 one JSON document on stdout: {endpoint, tokenizer, interrupted,
                         trials, summary} (progress still goes to stderr)

Exit codes: 0 the run completed (some trials may have failed), 1 every trial
failed, 2 bad arguments or configuration, 130 interrupted by Ctrl-C (143 by
SIGTERM); the trials finished so far are still printed.

Example:
  export OPENAI_API_KEY=...
  lasttoken probe --base-url https://api.openai.com/v1 --model gpt-4o-mini \\
    --api-key-env OPENAI_API_KEY --trials 5
`;

export const SIM_HELP = `Usage: lasttoken sim [--port N]

Runs the simulated LLM provider on 127.0.0.1 (port ${SIM_DEFAULT_PORT} unless --port is
given; --port 0 picks a free one), prints its URL, example probe commands and
its scenarios, and serves until Ctrl-C.
`;
