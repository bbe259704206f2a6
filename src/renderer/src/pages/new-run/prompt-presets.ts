// Prompts that each make one kind of wait visible. They are what is sent to
// the providers, not interface text: the same words whatever the UI's
// language, so runs stay comparable across users and months.

export const PRESET_IDS = ['short', 'long', 'code', 'chinese', 'longInput', 'inputSweep'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface PromptPreset {
  id: PresetId;
  prompt: string;
  /** Room for the whole answer: a cut answer would end early and flatter the total. */
  maxTokens: number;
  /** The input length field's text: a synthetic prompt of that many tokens, `prompt` its question. Absent: the prompt as it is. */
  inputTokens?: string;
}

// A question about the filler before it: the answer stays short whatever the length,
// so the first token, not the answer, is what the lengths change.
const SUMMARY_QUESTION = 'Summarise the text above in three sentences.';

export const PROMPT_PRESETS: readonly PromptPreset[] = [
  {
    // A few dozen tokens: the wait is almost all time to first token.
    id: 'short',
    prompt:
      'In one or two sentences: why is Canberra, and not Sydney or Melbourne, the capital of Australia?',
    maxTokens: 120,
  },
  {
    // Several hundred tokens of prose: the stream's pace decides the wait.
    id: 'long',
    prompt:
      'Explain what happens between typing a web address into a browser and seeing the page: ' +
      'the DNS lookup, the TCP and TLS handshakes, the HTTP request, and how the browser parses ' +
      'HTML and CSS, lays out the page and paints it. Write about 500 words in short paragraphs, ' +
      'for a curious reader who is not a programmer.',
    maxTokens: 1000,
  },
  {
    // Symbols, indentation and identifiers: chunks and tokens split differently than in prose.
    id: 'code',
    prompt:
      'Write a Python function merge_intervals(intervals: list[tuple[int, int]]) -> ' +
      'list[tuple[int, int]] that merges overlapping or touching intervals and returns them ' +
      'sorted by start. Include type hints, a docstring with a short example, and five pytest ' +
      'tests: empty input, a single interval, nested intervals, touching intervals and unsorted ' +
      'input. Reply with the code only, in one code block.',
    maxTokens: 900,
  },
  {
    // CJK text: multi-byte characters, often split across chunks, and more tokens per character.
    id: 'chinese',
    prompt:
      '请用大约 400 字向一位外国朋友介绍二十四节气：它们是怎样根据太阳在黄道上的位置划分的，' +
      '古人为什么需要它们，以及在今天的农业和日常生活中，哪些地方还能看到它们的影子。' +
      '语言通俗易懂，分成三到四段。',
    maxTokens: 1200,
  },
  {
    // Retrieval and agents send long contexts: prefill, not the answer, is the wait.
    id: 'longInput',
    prompt: SUMMARY_QUESTION,
    maxTokens: 200,
    inputTokens: '8k',
  },
  {
    // How the first token grows with the prompt: the slope is the prefill rate.
    id: 'inputSweep',
    prompt: SUMMARY_QUESTION,
    maxTokens: 200,
    inputTokens: '1k, 4k, 16k, 32k',
  },
];

/** The preset whose prompt and input length these are, or null when the user chose their own. */
export function presetOf(prompt: string, inputTokens: string): PromptPreset | null {
  return (
    PROMPT_PRESETS.find(
      (preset) => preset.prompt === prompt && (preset.inputTokens ?? '') === inputTokens.trim(),
    ) ?? null
  );
}
