// Prompts that each make one kind of wait visible. They are what is sent to
// the providers, not interface text: the same words whatever the UI's
// language, so runs stay comparable across users and months.

export const PRESET_IDS = ['short', 'long', 'code', 'chinese'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface PromptPreset {
  id: PresetId;
  prompt: string;
  /** Room for the whole answer: a cut answer would end early and flatter the total. */
  maxTokens: number;
}

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
];

/** The preset whose prompt the text is, or null when the user wrote their own. */
export function presetOf(prompt: string): PromptPreset | null {
  return PROMPT_PRESETS.find((preset) => preset.prompt === prompt) ?? null;
}
