// The report's two small pieces that keep it safe and findable: `html`, the
// tagged template every part of the HTML report is written with (a value is
// escaped unless it is markup the report made), and the report's file name
// (the run, or the series, and when it started).

import { describe, expect, it } from 'vitest';
import { html, Html, trusted } from '../../src/main/report/html';
import { reportFileName } from '../../src/main/report/make-report';
import { parseReport, textOf, byTag, attr, elementsIn } from '../support/report-html';
import { runRecord, snapshot } from '../support/store-fixtures';

const HOSTILE = `<script>alert("x")</script><img src=x onerror='alert(1)'> & done`;

describe('html', () => {
  it('escapes every character that could start markup or end an attribute', () => {
    expect(html`<p>${HOSTILE}</p>`.markup).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt; &amp; done</p>',
    );
    // Already-escaped text is escaped again: it reads as the characters it was given.
    expect(html`${'&lt;'}`.markup).toBe('&amp;lt;');
  });

  it('keeps a text a text, in an element and in an attribute, as a browser parses it', () => {
    const document = parseReport(
      html`<!doctype html>
        <html>
          <body>
            <h1 title="${HOSTILE}">${HOSTILE}</h1>
          </body>
        </html>`.markup,
    );
    const [h1] = byTag(document, 'h1');
    expect(h1 && textOf(h1)).toBe(HOSTILE);
    expect(h1 && attr(h1, 'title')).toBe(HOSTILE);
    expect(h1 && h1.attrs.map((a) => a.name)).toEqual(['title']);
    expect(elementsIn(document).map((e) => e.tagName)).toEqual(['html', 'head', 'body', 'h1']);
  });

  it('writes markup it made (Html) as it is, nested fragments once', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}</p>`.markup).toBe('<p><b>&lt;i&gt;</b></p>');
    expect(html`<div>${html`<p>${inner}</p>`}</div>`.markup).toBe(
      '<div><p><b>&lt;i&gt;</b></p></div>',
    );
    expect(html`${trusted('<svg><g/></svg>')}`.markup).toBe('<svg><g/></svg>');
    expect(html`${new Html('<br />')}`).toBeInstanceOf(Html);
  });

  it('joins lists, writes numbers and zero, and writes nothing for null, undefined and false', () => {
    const items = ['<a>', html`<li>b</li>`, ['c', 1]];
    expect(html`<p>${items}</p>`.markup).toBe('<p>&lt;a&gt;<li>b</li>c1</p>');
    expect(html`${0}|${-1.5}|${null}|${undefined}|${false}|${''}`.markup).toBe('0|-1.5||||');
    expect(html`plain`.markup).toBe('plain');
  });
});

describe('reportFileName', () => {
  const profiles = [snapshot('p1', { name: 'First' })];
  const run = (id: string, started_at: string) => runRecord(id, profiles, { started_at });
  const first = run('ab12cd34-0000-4000-8000-000000000001', '2026-12-01T15:30:59.999Z');
  const second = run('ef56ab78-0000-4000-8000-000000000002', '2026-12-02T08:05:00.000Z');

  it('names a run by when it started (to the minute) and its id’s start', () => {
    expect(reportFileName({ runs: [first] }, 'html')).toBe(
      'lasttoken-2026-12-01-1530-ab12cd34-report.html',
    );
    expect(reportFileName({ runs: [first] }, 'md')).toBe(
      'lasttoken-2026-12-01-1530-ab12cd34-report.md',
    );
  });

  it('names several runs by the first given and how many more', () => {
    expect(reportFileName({ runs: [second, first] }, 'html')).toBe(
      'lasttoken-2026-12-02-0805-ef56ab78-and-1-more-report.html',
    );
    expect(reportFileName({ runs: [first, second, first] }, 'md')).toBe(
      'lasttoken-2026-12-01-1530-ab12cd34-and-2-more-report.md',
    );
  });

  it('names a series by its id and its first run’s start', () => {
    expect(
      reportFileName(
        { series_id: '9f8e7d6c-5b4a-4321-8000-00000000abcd', runs: [first, second] },
        'html',
      ),
    ).toBe('lasttoken-2026-12-01-1530-9f8e7d6c-series-report.html');
  });

  it('keeps only letters and digits of an id: a file name with no path in it', () => {
    const odd = run('../x/y\\z:1234567', '2026-01-02T03:04:05.000Z');
    const name = reportFileName({ runs: [odd] }, 'html');
    expect(name).toBe('lasttoken-2026-01-02-0304-xyz12345-report.html');
    expect(name).toMatch(/^[\w.-]+$/);
  });

  it('refuses a report of no run', () => {
    expect(() => reportFileName({ runs: [] }, 'html')).toThrow('a report needs a run');
  });
});
