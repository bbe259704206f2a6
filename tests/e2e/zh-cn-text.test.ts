// Every screen in Chinese says everything in Chinese: with the UI in zh-CN,
// the visible text, aria-labels, titles and placeholders of Profiles, the
// profile form, New run, a live run, its results, History, Compare, Settings
// and a missing run hold no Latin word beyond names (profiles, models, URLs,
// APIs), units, acronyms and what the user or a provider wrote. Each screen is
// shot in both themes at a wide and a small window, for people to look at.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_LIMITS, type RunConfig } from '../../src/shared/run';
import type { Mode } from '../../src/shared/trial';
import {
  atEachSize,
  type AppUnderTest,
  ARTIFACTS,
  finishedRun,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';
import { chartsDrawnAt } from '../support/ui-timing';

const PROMPT = 'Count from one to twenty.';

/** Latin words a Chinese UI keeps: names, units, acronyms and identifiers people type. */
const ALLOWED_WORDS = new Set([
  'LastToken',
  'OpenAI',
  'Anthropic',
  'Chat',
  'Completions',
  'Messages',
  'Responses',
  'English',
  'API',
  'URL',
  'HTTP',
  'HTTPS',
  'SSE',
  'JSON',
  'CSV',
  'PNG',
  'HTML',
  'Markdown',
  'ID',
  'TTFT',
  'TTFB',
  'ms',
  's',
  'tok/s',
  'tok',
  'token',
  'tokens',
  'p50',
  'p95',
  'p99',
  'n',
  'Ctrl',
  'Enter',
  'Tab',
  'ftp',
  'http',
  'https',
  'Esc',
  'Shift',
  'Alt',
  'Mac',
  'Retry-After',
  'max_tokens',
  'temperature',
  'Authorization',
  'DNS',
  'TCP',
  'TLS',
  'UTF-8',
  'BOM',
  'TSV',
  'Excel',
  'o200k_base',
  'bootstrap',
  'completion',
  'ping',
  'A',
  'B',
  'k',
  'N',
  'SQLite',
  'lasttoken',
]);

interface Seen {
  text: string;
  /** Where: the element's tag and classes, and the attribute when it is one. */
  where: string;
}

let app: AppUnderTest;
const names: string[] = ['Demo (simulated)'];
const models: string[] = [
  'sim-jitter',
  'gpt-4o-mini',
  'OpenAI-Organization',
  'HTTP-Referer',
  'berlin-office',
  'lasttoken import',
  'OpenRouter',
  'Llama',
  'chat/completions',
];
let runA: string;
let runB: string;

function simProfile(name: string, model: string): string {
  names.push(name);
  models.push(model);
  return app.services.profiles.create({ name, base_url: `${app.sim.url}/v1`, model }).id;
}

function config(profile_ids: string[], modes: Mode[], trials: number): RunConfig {
  return {
    prompt: PROMPT,
    max_tokens: 64,
    modes,
    trials,
    profile_ids,
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
    max_retry_wait_ms: 0,
    give_up_after: 0,
  };
}

let fast: string;
let pings: string;
let limited: string;
let broken: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  await useLook(app, 'zh-CN', 'light');
  fast = simProfile('Steady sim', 'sim-steady:tokens=40,gap=5,ttft=40');
  pings = simProfile('Pinging sim', 'sim-pings:ttft=600,ping=100,tokens=20');
  limited = simProfile('Rate-limited sim', 'sim-error-429:retry_after=7');
  broken = simProfile('Stale URL', 'sim-steady');
  // A stored URL the engine refuses before any request: a profile the run could not measure.
  app.services.store.profiles.update(broken, { base_url: 'ftp://stale.invalid/v1' });
  runA = await finishedRun(app, config([fast, pings, limited, broken], ['stream', 'plain'], 3));
  runB = await finishedRun(app, config([fast, pings], ['stream', 'plain'], 3));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** Every visible text node and label-like attribute, except code, keys and what users type into fields. */
async function visibleTexts(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    type El = {
      tagName: string;
      className: unknown;
      closest(s: string): unknown;
      checkVisibility(o?: object): boolean;
      getAttribute(n: string): string | null;
      parentElement: El | null;
    };
    const doc = (
      globalThis as unknown as {
        document: {
          body: unknown;
          createTreeWalker(root: unknown, what: number): { nextNode(): unknown };
          querySelectorAll(s: string): Iterable<El>;
        };
      }
    ).document;
    // Provider text (a trial's message) is quoted as the provider sent it, never translated.
    const SKIP =
      'code, kbd, pre, samp, script, style, textarea, .mono, .quoted, .trial-message-text, [data-user-text]';
    const where = (el: El): string =>
      `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const seen: { text: string; where: string }[] = [];
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node as { data: string; parentElement: El | null }).data.trim();
      const parent = (node as { parentElement: El | null }).parentElement;
      if (!text || !parent || parent.closest(SKIP)) continue;
      if (
        !parent.checkVisibility({ visibilityProperty: true }) &&
        !parent.closest('.visually-hidden')
      )
        continue;
      seen.push({ text, where: where(parent) });
    }
    for (const el of doc.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (el.closest(SKIP)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) seen.push({ text: value, where: `${where(el)}[${name}]` });
      }
    }
    return seen;
  });
}

/** The Latin left in `text` once names, URLs, numbers and the allowed words are taken out. */
function latinLeft(text: string): string[] {
  // A name cut into pieces by markup (a model id's parts) is still a name.
  if ([...names, ...models].some((known) => known.includes(text))) return [];
  let rest = text.replace(/\b(?:https?|ftp):\/\/\S+/g, ' ').replace(/\b[\w.-]+:\d+\b/g, ' ');
  for (const known of [...names, ...models, PROMPT].sort((a, b) => b.length - a.length)) {
    rest = rest.split(known).join(' ');
  }
  return (rest.match(/[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z]+)?/g) ?? []).filter(
    (word) => !ALLOWED_WORDS.has(word) && !/^[a-f0-9-]{8,}$/i.test(word),
  );
}

async function latinOn(page: Page): Promise<Seen[]> {
  return (await visibleTexts(page)).filter((seen) => latinLeft(seen.text).length > 0);
}

/** Shots of the screen as it is now, light and dark, wide and small. */
async function shoot(screen: string, reopen: () => Promise<void>): Promise<void> {
  const { page } = app;
  for (const theme of ['light', 'dark'] as const) {
    await useLook(app, 'zh-CN', theme);
    await atEachSize(page, async (width, height) => {
      await reopen();
      await page.screenshot({
        path: join(ARTIFACTS, 'zh', `${screen}-${theme}-${width}x${height}.png`),
        fullPage: true,
      });
    });
  }
  await useLook(app, 'zh-CN', 'light');
}

const SCREENS: { name: string; open: () => Promise<void> }[] = [
  {
    name: 'profiles',
    open: async () => {
      await app.open('#/profiles');
      await app.page.locator('.profile-card').first().waitFor();
    },
  },
  {
    name: 'profile-form',
    open: async () => {
      await app.open(`#/profiles?edit=${fast}`);
      await app.page.locator('form').first().waitFor();
    },
  },
  {
    name: 'new-run',
    open: async () => {
      await app.open('#/runs/new');
      await app.page.locator('.profile-option').first().waitFor();
    },
  },
  {
    name: 'results',
    open: async () => {
      await app.open(`#/runs/${runA}`);
      await app.page.locator('.run-results').waitFor();
      await chartsDrawnAt(app.page);
    },
  },
  {
    name: 'history',
    open: async () => {
      await app.open('#/history');
      await app.page.locator('table tbody tr').first().waitFor();
    },
  },
  {
    name: 'compare',
    open: async () => {
      await app.open(`#/compare/${runA}/${runB}`);
      await app.page.locator('.compare-side-profiles').first().waitFor();
    },
  },
  {
    name: 'settings',
    open: async () => {
      await app.open('#/settings');
      await app.page.locator('form[data-settings="reader"]').waitFor();
    },
  },
  {
    name: 'missing-run',
    open: async () => {
      await app.open('#/runs/no-such-run');
      await app.page.locator('.empty-state').first().waitFor();
    },
  },
];

describe('the UI in Chinese', () => {
  for (const screen of SCREENS) {
    it(`says ${screen.name} in Chinese`, async () => {
      await shoot(screen.name, screen.open);
      await screen.open();
      expect(await app.page.locator('html').getAttribute('lang')).toBe('zh-CN');
      expect(await latinOn(app.page)).toEqual([]);
    });
  }

  it('says a live run in Chinese', async () => {
    const slow = simProfile('Slow sim', 'sim-steady:tokens=3000,gap=10');
    // 3,000 tokens 10 ms apart: live for half a minute a trial, while the page is read and shot.
    const { run_id } = await app.services.runs.start({
      ...config([slow, fast, limited], ['stream'], 2),
      max_tokens: 4000,
    });
    try {
      const open = async (): Promise<void> => {
        await app.open(`#/runs/${run_id}`);
        await app.page.locator('.live-run .profile-progress').first().waitFor();
        await app.page.locator('.live-run .echart[data-chart-finished="true"]').waitFor();
      };
      await open();
      expect(await latinOn(app.page)).toEqual([]);
      await shoot('live-run', open);
    } finally {
      app.services.runs.cancel(run_id);
    }
    // Eight shots of a page that redraws as the run goes.
  }, 90_000);
});
