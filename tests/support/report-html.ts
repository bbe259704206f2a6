// A report file read as a browser reads it: parsed by parse5 (the HTML
// standard's parser), then walked. For the tests of `lasttoken report` and of
// the results page's "Save report": what is in the file, not what a regex
// finds in its text.

import { parse, type DefaultTreeAdapterMap } from 'parse5';

export type HtmlNode = DefaultTreeAdapterMap['node'];
export type HtmlElement = DefaultTreeAdapterMap['element'];
export type HtmlDocument = DefaultTreeAdapterMap['document'];

export function parseReport(text: string): HtmlDocument {
  return parse(text);
}

const childrenOf = (node: HtmlNode): HtmlNode[] =>
  'childNodes' in node ? (node.childNodes as HtmlNode[]) : [];

const isElement = (node: HtmlNode): node is HtmlElement => 'tagName' in node;

/** Every element under `root`, in document order (SVG's and MathML's too). */
export function elementsIn(root: HtmlNode): HtmlElement[] {
  const found: HtmlElement[] = [];
  const walk = (node: HtmlNode): void => {
    for (const child of childrenOf(node)) {
      if (isElement(child)) found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** An attribute's value by its local name (`href` finds `xlink:href` too); null when absent. */
export function attr(element: HtmlElement, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

/** The elements under `root` with this attribute (and this value, if given). */
export function withAttr(root: HtmlNode, name: string, value?: string): HtmlElement[] {
  return elementsIn(root).filter((e) => {
    const found = attr(e, name);
    return found !== null && (value === undefined || found === value);
  });
}

/** The first element under `root` with this attribute value; throws when there is none. */
export function oneWithAttr(root: HtmlNode, name: string, value: string): HtmlElement {
  const [found] = withAttr(root, name, value);
  if (!found) throw new Error(`no element with ${name}="${value}"`);
  return found;
}

export function byTag(root: HtmlNode, tagName: string): HtmlElement[] {
  return elementsIn(root).filter((e) => e.tagName === tagName);
}

/** Every text node's value under `root`, in document order. */
export function textNodesIn(root: HtmlNode): string[] {
  const found: string[] = [];
  const walk = (node: HtmlNode): void => {
    for (const child of childrenOf(node)) {
      if (child.nodeName === '#text')
        found.push((child as DefaultTreeAdapterMap['textNode']).value);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** The text under `root` as one string, whitespace runs made one space and trimmed. */
export function textOf(root: HtmlNode): string {
  return textNodesIn(root).join('').replace(/\s+/g, ' ').trim();
}

/** The text of `element` itself, its child elements' text left out, whitespace collapsed. */
export function ownTextOf(element: HtmlElement): string {
  return childrenOf(element)
    .filter((child) => child.nodeName === '#text')
    .map((child) => (child as DefaultTreeAdapterMap['textNode']).value)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The `<html>` element's attributes, and the `data-section` of each section in order. */
export function reportOutline(document: HtmlDocument): {
  lang: string | null;
  theme: string | null;
  sections: string[];
} {
  const [root] = byTag(document, 'html');
  if (!root) throw new Error('no <html> element');
  return {
    lang: attr(root, 'lang'),
    theme: attr(root, 'data-theme'),
    sections: byTag(document, 'section').flatMap((s) => attr(s, 'data-section') ?? []),
  };
}

/**
 * What in the file would run or fetch anything: script elements, event
 * handler attributes, `src`/`href` to anything (an SVG's own `url(#id)`
 * references are no address), `url(` or `@import` in a style, elements that
 * load or embed something. Empty for a self-contained, inert file.
 */
export function activeOrExternal(document: HtmlDocument): string[] {
  const problems: string[] = [];
  const loading = new Set(['script', 'iframe', 'object', 'embed', 'img', 'link', 'base', 'frame']);
  for (const element of elementsIn(document)) {
    if (loading.has(element.tagName)) problems.push(`a <${element.tagName}> element`);
    for (const { name, value, prefix } of element.attrs) {
      const full = prefix ? `${prefix}:${name}` : name;
      if (/^on/i.test(name)) problems.push(`<${element.tagName} ${full}>`);
      if (name === 'src' || name === 'href' || name === 'srcset' || name === 'action') {
        problems.push(`<${element.tagName} ${full}="${value}">`);
      }
      if (/url\(\s*['"]?(?!#)/i.test(value) || /javascript:/i.test(value)) {
        problems.push(`<${element.tagName} ${full}="${value}">`);
      }
    }
    if (element.tagName === 'meta' && attr(element, 'http-equiv') !== null) {
      problems.push(`<meta http-equiv="${attr(element, 'http-equiv')}">`);
    }
    if (element.tagName === 'style') {
      const css = textNodesIn(element).join('');
      if (/url\(/i.test(css)) problems.push('url( in a <style>');
      if (/@import/i.test(css)) problems.push('@import in a <style>');
    }
  }
  return problems;
}

/**
 * Ids given to more than one element, and `url(#id)` references to no
 * element: every chart's SVG defines its own clip paths, and one chart's
 * reference must not land on another's (or on nothing).
 */
export function brokenIds(document: HtmlDocument): string[] {
  const seen = new Map<string, number>();
  const referenced = new Set<string>();
  for (const element of elementsIn(document)) {
    for (const { name, value } of element.attrs) {
      if (name === 'id') seen.set(value, (seen.get(value) ?? 0) + 1);
      for (const match of value.matchAll(/url\(\s*['"]?#([^'")\s]+)/g)) {
        referenced.add(match[1] as string);
      }
    }
  }
  return [
    ...[...seen].filter(([, count]) => count > 1).map(([id, count]) => `id "${id}" × ${count}`),
    ...[...referenced].filter((id) => !seen.has(id)).map((id) => `url(#${id}) to nothing`),
  ];
}

/**
 * The name a report is saved under, as the CLI's help and the issue give it:
 * `lasttoken-2026-12-01-1530-ab12cd34-report.html`, when the (first) run
 * started in UTC to the minute, then the start of the run's (or series') id.
 */
export function reportFileNameOf(startedAt: string, id: string, ending = 'report.html'): string {
  const [date, time] = [startedAt.slice(0, 10), startedAt.slice(11, 16).replace(':', '')];
  return `lasttoken-${date}-${time}-${id.replaceAll('-', '').slice(0, 8)}-${ending}`;
}
