// The text the simulated model "generates". Every English word below, with its
// leading space, is exactly one o200k_base token, and the tokenizer never merges
// across a leading space, so a stream of N words is N tokens: the engine's
// offline token count and usage.completion_tokens can be checked exactly.
import type { Random } from '../../shared/random';

/** Each word of the list, with its leading space. */
const spaced = (list: string): readonly string[] =>
  list
    .trim()
    .split(/\s+/)
    .map((word) => ` ${word}`);

const CONTENT_WORDS = spaced(`
  the a model token stream server client first last time wait fast slow chunk gap each
  every byte network request response text answer user reads sees while before after
  between long short small large data event line buffer delay latency speed rate second
  number count value until then when more less only also still often never always again
  early late open close keeps sends writes measures arrives starts ends holds
`);

const REASONING_WORDS = spaced(`
  let me think about consider check first then so maybe because the answer question step
  plan need look compare count note recall
`);

/** A fixed Chinese passage (about streaming latency) for sim-cjk: every character is 3 bytes in UTF-8. */
export const CJK_PASSAGE =
  '流式传输改变的是用户最先看到什么，而不是模型思考的速度。首个词元的时间只是等待的开始，' +
  '真正的等待结束于最后一个词元。词元之间的间隔、服务器的缓冲、保持连接的心跳，' +
  '都会影响用户感受到的速度。关闭连接并不会让服务器停止生成，打开的流也不一定是活着的流。' +
  '测量每一段时间，才能知道时间花在了哪里。';

function pick<T>(list: readonly T[], random: Random): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function contentWords(random: Random, count: number): string[] {
  return Array.from({ length: count }, () => pick(CONTENT_WORDS, random));
}

export function reasoningWords(random: Random, count: number): string[] {
  return Array.from({ length: count }, () => pick(REASONING_WORDS, random));
}

/** `count` consecutive pieces of one or two characters of the passage, wrapping around at its end. */
export function cjkPieces(random: Random, count: number): string[] {
  // The passage has no surrogate pairs, so a UTF-16 index is a character index.
  const length = CJK_PASSAGE.length;
  let position = 0;
  return Array.from({ length: count }, () => {
    const size = random() < 0.5 ? 1 : 2;
    let piece = '';
    for (let j = 0; j < size; j++) piece += CJK_PASSAGE.charAt((position + j) % length);
    position = (position + size) % length;
    return piece;
  });
}
