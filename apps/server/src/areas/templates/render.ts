import Handlebars from 'handlebars';
import { badField } from '../../platform/errors.js';
import { sanitiseHtml } from '../../platform/html-sanitise.js';

/**
 * Templates are logic-free (DECISIONS §7): Handlebars placeholders with only
 * its built-in block helpers (`#each`, `#if`, `#unless`, `#with`, `lookup`),
 * no custom helpers, no partials, no `log`. Values are HTML-escaped; the
 * rendered document is sanitised again, so even a value placed in an
 * attribute (`href="{{...}}"`) cannot bring a script URL.
 */
const hb = Handlebars.create();
hb.unregisterHelper('log');

const OPTIONS: CompileOptions = {
  knownHelpersOnly: true,
  knownHelpers: { log: false },
  strict: false,
  // Missing paths print nothing rather than failing, so an old template keeps printing.
  assumeObjects: false,
};
type CompileOptions = Parameters<typeof Handlebars.compile>[1] & object;

/**
 * Which stored template a source is: its id and its version (`updatedAt`).
 * Only a source with a key is cached; previews of unsaved HTML are compiled
 * each time, so typing in the editor cannot fill the cache.
 */
export interface CacheKey {
  id: string;
  version: string;
}

// Compiling costs more than rendering; the same few stored templates print again and again.
// One entry per template and kind, the newest version only; bounded in entries and in bytes
// of source (a template may be up to 512 kB), least recently used dropped first.
const cache = new Map<
  string,
  { version: string; fn: Handlebars.TemplateDelegate; bytes: number }
>();
const CACHE_MAX = 200;
const CACHE_MAX_BYTES = 8 * 1024 * 1024;
let cachedBytes = 0;

/** What the cache holds (for tests and diagnostics). */
export const templateCacheStats = () => ({ entries: cache.size, bytes: cachedBytes });

function compiled(
  src: () => string,
  noEscape: boolean,
  key: CacheKey | undefined,
): Handlebars.TemplateDelegate {
  const compile = (s: string) => hb.compile(s, { ...OPTIONS, noEscape });
  if (!key) return compile(src());
  const k = `${noEscape ? 't' : 'h'}:${key.id}`;
  const hit = cache.get(k);
  if (hit) {
    cache.delete(k);
    if (hit.version === key.version) {
      cache.set(k, hit); // now the most recently used
      return hit.fn;
    }
    cachedBytes -= hit.bytes;
  }
  const text = src();
  const entry = { version: key.version, fn: compile(text), bytes: text.length };
  cache.set(k, entry);
  cachedBytes += entry.bytes;
  for (const [oldKey, old] of cache) {
    if (cache.size <= CACHE_MAX && cachedBytes <= CACHE_MAX_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.bytes;
  }
  return entry.fn;
}

/** The parser's message without its source excerpt ('Parse error on line 3: Expecting ...'). */
function shortMessage(e: unknown): string {
  const lines = (e instanceof Error ? e.message : String(e)).split('\n').filter(Boolean);
  return lines.length > 2 ? `${lines[0]} ${lines[lines.length - 1]}` : lines.join(' ');
}

type Node = { type: string; body?: Node[]; program?: Node; inverse?: Node };

/** Partials and decorators would reach outside the template: refused. */
function refuseOutside(node: Node | undefined): void {
  if (!node) return;
  if (/Partial|Decorator/.test(node.type)) throw new Error('partials ({{> name}}) are not allowed');
  node.body?.forEach(refuseOutside);
  refuseOutside(node.program);
  refuseOutside(node.inverse);
}

/** Throws a 400 naming `field` when `src` is not a template we can render. */
export function checkTemplate(src: string, field = 'template'): void {
  try {
    refuseOutside(hb.parse(src) as unknown as Node);
    hb.precompile(src, OPTIONS);
  } catch (e) {
    throw badField(field, `is not a valid template: ${shortMessage(e)}`);
  }
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A whole document: the doctype and UTF-8 declared, whatever the template left out. */
export function asDocument(html: string): string {
  const meta = '<meta charset="utf-8" />';
  let doc = html.trim();
  if (!/<html[\s>]/i.test(doc)) doc = `<html><head>${meta}</head><body>${doc}</body></html>`;
  else if (/<head[\s>]/i.test(doc)) doc = doc.replace(/<head([^>]*)>/i, `<head$1>${meta}`);
  else doc = doc.replace(/<html([^>]*)>/i, `<html$1><head>${meta}</head>`);
  return `<!DOCTYPE html>\n${doc}`;
}

/**
 * `doc` (from asDocument) titled `title`: the title a PDF viewer shows, which
 * would otherwise be the print page's address.
 */
export function withTitle(doc: string, title: string): string {
  const tag = `<title>${escapeText(title)}</title>`;
  const untitled = doc.replace(/<title[\s>][\s\S]*?<\/title>/gi, '');
  return untitled.replace(/<meta charset="utf-8" \/>/i, (meta) => `${meta}${tag}`);
}

function errorDocument(message: string): string {
  return asDocument(
    `<div style="font-family:sans-serif;margin:24px;padding:16px;border:1px solid #c92a2a;color:#c92a2a">` +
      `This template could not be rendered: ${escapeText(message)}</div>`,
  );
}

/**
 * Renders a (stored, sanitised) template with `context` into a whole,
 * sanitised HTML document; `key` names a stored template, whose compiled
 * form is then kept. A template that does not compile gives a document
 * that says so, rather than an error, so a download still shows the reason.
 */
export function renderHtml(src: string, context: object, key?: CacheKey): string {
  let out: string;
  try {
    out = compiled(() => sanitiseHtml(src), false, key)(context);
  } catch (e) {
    return errorDocument(shortMessage(e));
  }
  return asDocument(sanitiseHtml(out));
}

/** Renders plain text (an e-mail body); null when the template does not compile. */
export function renderText(src: string, context: object, key?: CacheKey): string | null {
  try {
    return compiled(() => src, true, key)(context).trim();
  } catch {
    return null;
  }
}
