import type { Dialect } from '../../../shared/trial';
import { anthropicMessages } from './anthropic-messages';
import type { DialectAdapter } from './dialect';
import { openaiChat } from './openai-chat';
import { openaiResponses } from './openai-responses';

const ADAPTERS: Record<Dialect, DialectAdapter> = {
  'openai-chat': openaiChat,
  'anthropic-messages': anthropicMessages,
  'openai-responses': openaiResponses,
};

export function dialectAdapter(dialect: Dialect): DialectAdapter {
  return ADAPTERS[dialect];
}

export { NO_USAGE, ProtocolError } from './dialect';
export type { DialectAdapter, NotACount, StreamEventInfo, Usage, UsageReading } from './dialect';
