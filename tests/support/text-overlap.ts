// Where text on the page collides: every visible text node's line boxes (a
// Range's client rects, so a wrapped label counts per line), checked pair by
// pair for an overlap of more than a pixel or two. Text a scroll container
// (or a visually hidden box) hides is clipped to that box first, and text under another element's
// opaque box (a sticky column over scrolled cells) is not text anyone reads.

import type { Page } from 'playwright-core';

export interface TextOverlap {
  a: string;
  b: string;
  /** The intersection, in CSS pixels. */
  width: number;
  height: number;
}

/** Pairs of visible text runs on the page that overlap by more than `tolerance` px both ways. */
export async function textOverlaps(page: Page, tolerance = 2): Promise<TextOverlap[]> {
  // A string, not a function: the tests' TypeScript has no DOM types.
  return page.evaluate(`(() => {
    const tolerance = ${tolerance};
    const doc = document;
    const clipOf = (element) => {
      let clip = null;
      for (let e = element; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const r = e.getBoundingClientRect();
          clip = clip
            ? new DOMRect(
                Math.max(clip.left, r.left),
                Math.max(clip.top, r.top),
                Math.max(0, Math.min(clip.right, r.right) - Math.max(clip.left, r.left)),
                Math.max(0, Math.min(clip.bottom, r.bottom) - Math.max(clip.top, r.top)),
              )
            : r;
        }
      }
      return clip;
    };
    const boxes = [];
    const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent || '').trim();
      const parent = node.parentElement;
      if (text === '' || parent === null) continue;
      if (parent.closest('svg, script, style, [hidden], [aria-hidden="true"]')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const clip = clipOf(parent);
      const range = doc.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const left = Math.max(r.left, clip ? clip.left : -Infinity);
        const right = Math.min(r.right, clip ? clip.right : Infinity);
        const top = Math.max(r.top, clip ? clip.top : -Infinity);
        const bottom = Math.min(r.bottom, clip ? clip.bottom : Infinity);
        // Visually hidden text (for screen readers) is clipped to a pixel or less.
        if (right - left < 2 || bottom - top < 2) continue;
        // Covered by something drawn above it (a sticky header or column): not read there.
        const x = (left + right) / 2;
        const y = (top + bottom) / 2;
        const above = doc.elementFromPoint(x, y);
        if (above !== null && above !== parent && !parent.contains(above) && !above.contains(parent))
          continue;
        boxes.push({ text: text.slice(0, 60), left, top, right, bottom });
      }
    }
    const overlaps = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > tolerance && height > tolerance)
          overlaps.push({ a: a.text, b: b.text, width: Math.round(width), height: Math.round(height) });
      }
    }
    return overlaps;
  })()`);
}
