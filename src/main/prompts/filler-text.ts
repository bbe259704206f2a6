// The filler a long synthetic prompt is made of: sentences drawn by a seeded
// generator from small vocabularies, in English or Chinese, so the same
// length gives the same text on every machine (a run can be repeated, and a
// warm cache hit again). Plain prose about nothing in particular: no
// instruction a model could follow, no code, no numbers that tokenize oddly.

import { seededRandom, type Random } from '../../shared/random';

export type FillerLanguage = 'en' | 'zh';

const EN = {
  subjects: [
    'The old harbour',
    'A quiet village',
    'The morning train',
    'Every small garden',
    'The river',
    'A patient teacher',
    'The market square',
    'Our neighbour',
    'The library',
    'A long road',
    'The evening light',
    'Each visitor',
    'The mountain path',
    'A wooden bridge',
    'The weather',
  ],
  verbs: [
    'looks over',
    'waits beside',
    'follows',
    'remembers',
    'passes',
    'welcomes',
    'circles',
    'reaches',
    'crosses',
    'watches',
    'leads to',
    'shelters',
    'brightens',
    'borders',
    'greets',
  ],
  objects: [
    'the fields',
    'a row of houses',
    'the distant hills',
    'the station',
    'the open sea',
    'a few tall trees',
    'the narrow streets',
    'the town hall',
    'a small bakery',
    'the school',
    'the lake',
    'a stone wall',
    'the old mill',
    'the orchards',
    'the quiet square',
  ],
  endings: [
    'in the spring',
    'after the rain',
    'every afternoon',
    'before the winter',
    'at dawn',
    'most of the year',
    'on market days',
    'in the late summer',
    'when the wind turns',
    'at dusk',
  ],
};

const ZH = {
  subjects: [
    '老港口',
    '安静的小村',
    '早班火车',
    '每一座小花园',
    '那条河',
    '耐心的老师',
    '集市广场',
    '我们的邻居',
    '图书馆',
    '一条长路',
    '傍晚的光',
    '每位来客',
    '山间小路',
    '木桥',
    '天气',
  ],
  verbs: [
    '望着',
    '守在',
    '跟着',
    '记得',
    '经过',
    '迎接',
    '环绕',
    '通向',
    '穿过',
    '看着',
    '连着',
    '庇护',
    '照亮',
    '靠着',
    '问候',
  ],
  objects: [
    '田野',
    '一排房子',
    '远处的山',
    '车站',
    '大海',
    '几棵高树',
    '窄窄的街道',
    '市政厅',
    '一家小面包店',
    '学校',
    '湖面',
    '一道石墙',
    '老磨坊',
    '果园',
    '安静的广场',
  ],
  endings: [
    '在春天',
    '雨后',
    '每个下午',
    '入冬之前',
    '在黎明',
    '一年中的大部分时候',
    '逢集的日子',
    '在夏末',
    '风向变的时候',
    '在黄昏',
  ],
};

const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

/** One sentence; in English each but the first begins with its space, so sentences join as prose. */
function sentence(language: FillerLanguage, random: Random, first: boolean): string {
  if (language === 'zh') {
    return `${pick(random, ZH.endings)}，${pick(random, ZH.subjects)}${pick(random, ZH.verbs)}${pick(random, ZH.objects)}。`;
  }
  const text = `${pick(random, EN.subjects)} ${pick(random, EN.verbs)} ${pick(random, EN.objects)} ${pick(random, EN.endings)}.`;
  return first ? text : ` ${text}`;
}

/** Filler sentences, the same for the same count on every machine. */
export function fillerSentences(language: FillerLanguage, count: number): string[] {
  const random = seededRandom(0x1a57);
  return Array.from({ length: count }, (_, i) => sentence(language, random, i === 0));
}

/** Characters per o200k token the filler averages, for a first guess at how much to make. */
export const CHARS_PER_TOKEN: Record<FillerLanguage, number> = { en: 5, zh: 1.2 };

/** What tells a model the filler is filler, and where the question starts. */
export const FRAME: Record<FillerLanguage, { head: string; question: string }> = {
  en: {
    head: 'The text below only makes this prompt long: ignore it, and answer the question that follows it.\n\n',
    question: '\n\nQuestion: ',
  },
  zh: {
    head: '下面的文字只是为了把提示加长：请忽略它，回答其后的问题。\n\n',
    question: '\n\n问题：',
  },
};

/** Chinese filler for a prompt mostly in Chinese, else English. */
export function languageOf(prompt: string): FillerLanguage {
  const han = prompt.match(/\p{Script=Han}/gu)?.length ?? 0;
  const letters = prompt.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && han / letters >= 0.3 ? 'zh' : 'en';
}
