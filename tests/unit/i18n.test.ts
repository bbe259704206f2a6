// No string left behind (Cherry Studio's checks, as tests): every key exists
// in both languages with the same placeholders, every key the renderer uses
// exists, and no visible text is written into a component instead of a key.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { reportResources as resources } from '../../src/shared/i18n/report-resources';
import { ROOT } from '../support/spawn-cli';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [k, v] of flatten(value, path)) keys.set(k, v);
  }
  return keys;
}

const en = flatten(resources.en.translation as unknown as Tree);
const zh = flatten(resources['zh-CN'].translation as unknown as Tree);

const placeholders = (text: string): string[] =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] as string).sort();

/** Where text is worded by key: the renderer, the results' words both sides share, main's reports. */
const WORDED = [
  join(ROOT, 'src', 'renderer', 'src'),
  join(ROOT, 'src', 'shared', 'results'),
  join(ROOT, 'src', 'main', 'report'),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = WORDED.flatMap((dir) => (existsSync(dir) ? sourceFiles(dir) : [])).map((path) => ({
  path: relative(ROOT, path),
  source: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
}));

/** Anything a person reads: a letter of any script. */
const VISIBLE = /\p{L}/u;
/** Attributes people read (or hear, with a screen reader). */
const READ_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'label',
  'aria-description',
]);

describe('locales', () => {
  it('have the same keys in English and Chinese', () => {
    expect([...zh.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !zh.has(key))).toEqual([]);
  });

  it('have no empty text and the same placeholders in both languages', () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(zh.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(zh.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});

describe('the renderer', () => {
  it('uses only keys that exist', () => {
    const used: { key: string; path: string }[] = [];
    for (const { path, source } of files) {
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 't' &&
          node.arguments[0] &&
          ts.isStringLiteralLike(node.arguments[0])
        ) {
          used.push({ key: node.arguments[0].text, path });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter(({ key }) => !en.has(key))).toEqual([]);
  });

  it('writes no visible text into a component: every string goes through i18n', () => {
    const found: string[] = [];
    for (const { path, source } of files) {
      const visit = (node: ts.Node): void => {
        if (ts.isJsxText(node) && VISIBLE.test(node.text)) {
          found.push(`${path}: text "${node.text.trim()}"`);
        }
        if (
          ts.isJsxAttribute(node) &&
          READ_ATTRIBUTES.has(node.name.getText(source)) &&
          node.initializer &&
          ts.isStringLiteral(node.initializer) &&
          VISIBLE.test(node.initializer.text)
        ) {
          found.push(`${path}: ${node.name.getText(source)}="${node.initializer.text}"`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
