// The README is a front page that points into docs/: it stays short, and no
// link or picture in it or in docs/ leads nowhere after a page moves or a
// heading is renamed (GitHub's heading anchors included).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn-cli';

const FRONT_PAGE_MAX_LINES = 150;

const DOCS = join(ROOT, 'docs');
const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(DOCS, name)),
];

/** The page's text outside fenced code blocks, where `[x](y)` is a link. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (line.startsWith('```')) fenced = !fenced;
    return !fenced && !line.startsWith('```');
  });
}

/** Every link and image target, inline code spans left out. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown)
    .join('\n')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] as string);
}

/** The anchors GitHub gives a page's headings (`-1`, `-2`... for repeats). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    anchors.add(repeats === 0 ? slug : `${slug}-${repeats}`);
  }
  return anchors;
}

/** What each relative link of the page at `path` misses: a file, or a heading in it. */
function brokenLinks(path: string, markdown: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not in the tree
    const [file = '', anchor] = target.split('#');
    const destination = resolve(dirname(path), decodeURI(file));
    if (file !== '' && !existsSync(destination)) {
      broken.push(`${target}: no ${relative(ROOT, destination)}`);
    } else if (anchor && (file === '' || destination.endsWith('.md'))) {
      const page = file === '' ? markdown : readFileSync(destination, 'utf8');
      if (!headingAnchors(page).has(decodeURIComponent(anchor))) {
        broken.push(`${target}: no such heading`);
      }
    }
  }
  return broken;
}

describe('the README and docs/', () => {
  it(`keep the README a front page of at most ${FRONT_PAGE_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(FRONT_PAGE_MAX_LINES);
  });

  it('reach every page of docs/ from the README, through the index', () => {
    const linked = (page: string): string[] =>
      linkTargets(readFileSync(page, 'utf8')).map((target) =>
        resolve(dirname(page), target.split('#')[0] ?? ''),
      );
    const index = join(DOCS, 'README.md');
    expect(linked(join(ROOT, 'README.md'))).toContain(index);
    const fromIndex = linked(index);
    const unlisted = PAGES.filter((page) => page.startsWith(DOCS) && page !== index).filter(
      (page) => !fromIndex.includes(page),
    );
    expect(unlisted.map((page) => relative(ROOT, page))).toEqual([]);
  });

  it.each(PAGES.map((path) => [relative(ROOT, path), path]))(
    '%s links only to files and headings that exist',
    (_name, path) => {
      expect(brokenLinks(path, readFileSync(path, 'utf8'))).toEqual([]);
    },
  );

  it('would notice a missing file, a missing heading and a missing picture', () => {
    const page = join(DOCS, 'sample.md');
    const markdown = [
      '# Sample',
      '[here](#sample) [cli](cli.md#cli) `[not a link](nowhere.md)` [there](#elsewhere)',
      '[gone](gone.md) [cli](cli.md#no-such-heading) ![picture](screenshots/none.png)',
      '```',
      '[in a code block](nowhere.md)',
      '```',
    ].join('\n');
    expect(brokenLinks(page, markdown)).toEqual([
      '#elsewhere: no such heading',
      'gone.md: no docs/gone.md',
      'cli.md#no-such-heading: no such heading',
      'screenshots/none.png: no docs/screenshots/none.png',
    ]);
  });
});
