// Built-in provider presets: where each provider's OpenAI-compatible (or
// Anthropic) endpoint is, which dialect it speaks and how it takes its key.
// One table for the CLI (`lasttoken presets`, `profile add --preset`) and the
// app's profile form. Base URLs are the providers' documented ones; local
// servers listen on their default ports.

import type { RequestParams } from './request-params';
import type { Dialect } from './trial';

/** Where each dialect sends the key unless a profile names its own header. */
export const DIALECT_KEY_HEADERS: Record<Dialect, { name: string; prefix: string }> = {
  'openai-chat': { name: 'Authorization', prefix: 'Bearer ' },
  'anthropic-messages': { name: 'x-api-key', prefix: '' },
  'openai-responses': { name: 'Authorization', prefix: 'Bearer ' },
};

export interface ProviderPreset {
  /** What `--preset` takes: lower case, no spaces. */
  id: string;
  /** The provider's name as people write it. */
  name: string;
  base_url: string;
  dialect: Dialect;
  /** The header that carries the key and what precedes it; null: the dialect's own. */
  key_header: { name: string; prefix: string } | null;
  /** A local server, which needs no key. */
  local: boolean;
  /** What its requests carry where the provider needs it (the token limit's name); empty: nothing. */
  params: RequestParams;
  /** One line: what to know before using it. */
  note: string;
}

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    base_url: 'https://api.openai.com/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    // Every current model takes it; the reasoning models (o-series, gpt-5) refuse max_tokens.
    params: { token_param: 'max_completion_tokens' },
    note: 'Keys from platform.openai.com; Azure OpenAI uses its own URL and the api-key header.',
  },
  {
    id: 'openai-responses',
    name: 'OpenAI Responses',
    base_url: 'https://api.openai.com/v1',
    dialect: 'openai-responses',
    key_header: null,
    local: false,
    params: {},
    note: "OpenAI's Responses API (/v1/responses): the one with reasoning summaries; set a reasoning effort to see them.",
  },
  {
    id: 'anthropic',
    name: 'Anthropic',
    base_url: 'https://api.anthropic.com',
    dialect: 'anthropic-messages',
    key_header: null,
    local: false,
    params: {},
    note: 'The Messages API; the key goes in x-api-key.',
  },
  {
    id: 'gemini',
    name: 'Google Gemini',
    base_url: 'https://generativelanguage.googleapis.com/v1beta/openai',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: "Gemini's OpenAI-compatible endpoint; keys from Google AI Studio, with a free tier.",
  },
  {
    id: 'openrouter',
    name: 'OpenRouter',
    base_url: 'https://openrouter.ai/api/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Many providers behind one key; models ending in :free cost nothing but are rate limited.',
  },
  {
    id: 'groq',
    name: 'Groq',
    base_url: 'https://api.groq.com/openai/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Fast inference on LPUs; a free tier with per-minute limits.',
  },
  {
    id: 'deepseek',
    name: 'DeepSeek',
    base_url: 'https://api.deepseek.com',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'deepseek-chat and deepseek-reasoner; off-peak hours are cheaper.',
  },
  {
    id: 'mistral',
    name: 'Mistral',
    base_url: 'https://api.mistral.ai/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'La Plateforme; a free experiment plan with low rate limits.',
  },
  {
    id: 'together',
    name: 'Together AI',
    base_url: 'https://api.together.xyz/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Open-weight models; some are free with low rate limits.',
  },
  {
    id: 'fireworks',
    name: 'Fireworks AI',
    base_url: 'https://api.fireworks.ai/inference/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Model names look like accounts/fireworks/models/NAME.',
  },
  {
    id: 'cerebras',
    name: 'Cerebras',
    base_url: 'https://api.cerebras.ai/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Very fast wafer-scale inference; a free tier with daily token limits.',
  },
  {
    id: 'xai',
    name: 'xAI',
    base_url: 'https://api.x.ai/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Grok models; keys from console.x.ai.',
  },
  {
    id: 'siliconflow',
    name: 'SiliconFlow',
    base_url: 'https://api.siliconflow.cn/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Mainland China endpoint, several free models; international accounts use api.siliconflow.com.',
  },
  {
    id: 'moonshot',
    name: 'Moonshot AI (Kimi)',
    base_url: 'https://api.moonshot.cn/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Kimi models; international accounts use api.moonshot.ai.',
  },
  {
    id: 'zhipu',
    name: 'Zhipu AI (GLM)',
    base_url: 'https://open.bigmodel.cn/api/paas/v4',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'BigModel platform, glm-4-flash is free; international accounts use api.z.ai/api/paas/v4.',
  },
  {
    id: 'dashscope',
    name: 'Alibaba DashScope (Qwen)',
    base_url: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: false,
    params: {},
    note: 'Model Studio in compatible mode; international accounts use dashscope-intl.aliyuncs.com.',
  },
  {
    id: 'ollama',
    name: 'Ollama',
    base_url: 'http://localhost:11434/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: true,
    params: {},
    note: 'Local server on its default port; pull the model first (ollama pull NAME). No key needed.',
  },
  {
    id: 'lmstudio',
    name: 'LM Studio',
    base_url: 'http://localhost:1234/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: true,
    params: {},
    note: 'Start the local server in LM Studio (Developer tab); default port 1234. No key needed.',
  },
  {
    id: 'llamacpp',
    name: 'llama.cpp server',
    base_url: 'http://localhost:8080/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: true,
    params: {},
    note: 'llama-server on its default port 8080; a key only if started with --api-key.',
  },
  {
    id: 'vllm',
    name: 'vLLM',
    base_url: 'http://localhost:8000/v1',
    dialect: 'openai-chat',
    key_header: null,
    local: true,
    params: {},
    note: 'vllm serve on its default port 8000; a key only if started with --api-key.',
  },
];

/** The preset with that id (or name), case-insensitive; undefined when there is none. */
export function findPreset(ref: string): ProviderPreset | undefined {
  const wanted = ref.trim().toLowerCase();
  return PROVIDER_PRESETS.find((p) => p.id === wanted || p.name.toLowerCase() === wanted);
}
