import type { Dialect } from '../../../shared/trial';
import { anthropicMessages } from './anthropic-messages';
import type { DialectAdapter } from './dialect';
import { openaiChat } from './openai-chat';

const ADAPTERS: Record<Dialect, DialectAdapter> = {
  'openai-chat': openaiChat,
  'anthropic-messages': anthropicMessages,
};

export function dialectAdapter(dialect: Dialect): DialectAdapter {
  return ADAPTERS[dialect];
}

export { NO_USAGE, ProtocolError } from './dialect';
export type { DialectAdapter, NotACount, StreamEventInfo, Usage, UsageReading } from './dialect';
