import { chromium, type Browser, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config.js';
import { CHROMIUM_ARGS } from '../../src/platform/pdf.js';

/** What a real browser builds from some HTML: every element with its attributes, and the CSS text. */
export interface ParsedDom {
  tags: string[];
  attributes: { tag: string; name: string; value: string }[];
  css: string[];
}

/**
 * Parses HTML with Chromium's own parser (DOMParser never runs scripts), so
 * a test sees what a browser would make of the sanitiser's output, not what
 * the sanitiser's parser thinks.
 */
export async function startDomInspector() {
  const browser: Browser = await chromium.launch({
    executablePath: loadConfig({ NODE_ENV: 'test' }).chromiumPath,
    args: CHROMIUM_ARGS,
  });
  const page: Page = await browser.newPage();
  return {
    parse: (html: string): Promise<ParsedDom> =>
      page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'text/html');
        const out = {
          tags: [] as string[],
          attributes: [] as ParsedDom['attributes'],
          css: [] as string[],
        };
        for (const el of Array.from(doc.querySelectorAll('*'))) {
          const tag = el.tagName.toLowerCase();
          out.tags.push(tag);
          for (const a of Array.from(el.attributes))
            out.attributes.push({ tag, name: a.name.toLowerCase(), value: a.value });
          if (tag === 'style') out.css.push(el.textContent ?? '');
        }
        return out;
      }, html),
    close: () => browser.close(),
  };
}

const FORBIDDEN_TAGS = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button',
  'textarea', 'select', 'base', 'link', 'svg', 'math', 'noscript', 'template', 'portal',
]; // prettier-ignore
const URL_ATTRS = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'srcset',
  'data',
];
const BAD_URL = /^\s*(javascript|vbscript|data:(?!image\/(png|jpeg|gif|webp);))/i;
const BAD_CSS = /javascript:|vbscript:|expression\s*\(|@import|behavior\s*:|-moz-binding/i;

// Browsers drop tabs, newlines and leading control characters from URLs.
// eslint-disable-next-line no-control-regex
const urlOf = (v: string) => v.replace(/[\u0000-\u0020]/g, '');

/** Why the parsed document could run or load something it should not; [] when inert. */
export function dangers(dom: ParsedDom): string[] {
  const found: string[] = [];
  for (const t of dom.tags) if (FORBIDDEN_TAGS.includes(t)) found.push(`<${t}>`);
  for (const a of dom.attributes) {
    if (a.name.startsWith('on')) found.push(`${a.tag} ${a.name}`);
    if (URL_ATTRS.includes(a.name) && BAD_URL.test(urlOf(a.value)))
      found.push(`${a.tag} ${a.name}=${a.value}`);
    if (a.name === 'style' && BAD_CSS.test(a.value)) found.push(`${a.tag} style=${a.value}`);
    // <meta charset> is harmless; a refresh or any other http-equiv is not.
    if (a.name === 'srcdoc' || a.name === 'http-equiv') found.push(`${a.tag} ${a.name}`);
  }
  for (const css of dom.css) if (BAD_CSS.test(css)) found.push(`<style>${css}`);
  return found;
}
