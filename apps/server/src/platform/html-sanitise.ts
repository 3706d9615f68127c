import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of user HTML (document templates, DECISIONS §7). It runs
 * when a template is saved and again on every rendered document, so neither a
 * stored template nor a value placed into it can bring a script, an event
 * handler, a javascript: URL, a frame, a form or a refresh into a preview, a
 * public page or a PDF. Everything not listed here is dropped.
 */

/** What a removed script leaves behind, so the author sees where it was (spec: "a neutral word"). */
export const SCRIPT_REMOVED = '[script removed]';

const TAGS = [
  'html', 'head', 'body', 'style', 'div', 'span', 'p', 'br', 'hr', 'section', 'header', 'footer',
  'main', 'article', 'aside', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u',
  's', 'small', 'sub', 'sup', 'mark', 'blockquote', 'pre', 'code', 'address', 'ul', 'ol', 'li',
  'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup',
  'col', 'img', 'a', 'figure', 'figcaption',
]; // prettier-ignore

const COMMON = [
  'class', 'style', 'id', 'title', 'align', 'valign', 'width', 'height', 'dir', 'lang',
  'bgcolor', 'border', 'cellpadding', 'cellspacing', 'colspan', 'rowspan', 'span',
]; // prettier-ignore

/**
 * Elements whose content is not HTML to the browser (raw text) or makes no
 * sense without the element: dropped with everything inside. `noscript` is
 * here because the PDF printer runs with scripting off, where its content
 * would be parsed as live HTML.
 */
const DROP_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'title', 'noscript', 'noembed', 'noframes', 'xmp',
  'iframe', 'object', 'embed', 'template', 'select', 'svg', 'math', 'plaintext',
]; // prettier-ignore

/**
 * Image sources a document may use (in `<img src>` and CSS `url()`): our own
 * images, inline images, or a placeholder that a render fills (and the
 * rendered document is checked again). Nothing from the web: the PDF printer
 * loads only our own images, and the preview and the public page must show
 * what the PDF shows.
 */
const IMAGE_URL =
  /^(\/api\/images\/[\w/-]+|\/images\/template\/[\w-]+|data:image\/(png|jpeg|gif|webp);base64,[\w+/=\s]+|\{\{[^{}<>]+\}\}+)$/i;

/** An allowed image URL as a document uses it (the upload's `/images/template/{id}` under /api), or null. */
function imageUrl(raw: string): string | null {
  const url = raw.trim();
  if (!IMAGE_URL.test(url)) return null;
  return url.startsWith('/images/') ? `/api${url}` : url;
}

/** CSS that can load or run something: imports, old IE expressions and bindings, script URLs. */
const CSS_BAD = /@import|expression\s*\(|behavior\s*:|-moz-binding|javascript\s*:|vbscript\s*:/gi;
/**
 * A CSS `url(...)` (quoted or not), or a lone `url(` that is not one (left
 * malformed, a browser might still read it), and `image-set(`, which loads
 * URLs written as plain strings.
 */
const CSS_URL =
  /url\(\s*(?:"([^"]*)"|'([^']*)'|([^\s'"()]*))\s*\)|url\(|(?:-webkit-)?image-set\(/gi;

/** CSS text with anything that could load or run code, or close its element, neutralised. */
export function cleanCss(css: string): string {
  // Backslash escapes could spell the words above; CSS needs none in a document template.
  return css
    .replace(/\\/g, '')
    .replace(/</g, '')
    .replace(CSS_URL, (m, dq?: string, sq?: string, bare?: string) => {
      const raw = dq ?? sq ?? bare;
      if (raw === undefined) return 'removed('; // url( or image-set( without a url we can read
      const url = imageUrl(raw);
      return url ? `url("${url}")` : 'none';
    })
    .replace(CSS_BAD, '/*removed*/');
}

/** The schemes a link may use; anything else (javascript:, data:, ...) loses its href. */
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** Whether sanitize-html keeps this href (the same reading as its own check). */
function linkAllowed(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  const h = href.replace(/[\u0000-\u0020]+/g, '');
  if (/^[/\\]{2}/.test(h)) return false; // protocol-relative
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(h)?.[1];
  return !scheme || LINK_SCHEMES.includes(scheme.toLowerCase());
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  // <style> is needed for a printable document; its text is checked by cleanCss below.
  allowVulnerableTags: true,
  allowedAttributes: {
    '*': COMMON,
    img: ['src', 'alt'],
    a: ['href', 'name', 'target'],
    col: ['span', 'width'],
    style: ['media'],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'background'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  enforceHtmlBoundary: false,
  transformTags: {
    // The neutral word, visible in a preview where the script was.
    script: () => ({
      tagName: 'span',
      attribs: { class: 'script-removed' },
      text: SCRIPT_REMOVED,
    }),
    img: (tagName, attribs) => {
      const next = { ...attribs };
      const src = imageUrl(attribs.src ?? '');
      if (src) next.src = src;
      else delete next.src;
      return { tagName, attribs: next };
    },
    // A document is shown in a frame (the public page) that may open pop-ups but not navigate
    // itself or the app: every link opens in a new tab, without access back to the page.
    // A link within the document (#id) stays in it.
    a: (tagName, attribs) => {
      const { target: _t, rel: _r, ...rest } = attribs;
      const href = (rest.href ?? '').trim();
      if (rest.href !== undefined && !linkAllowed(href)) delete rest.href;
      if (!rest.href || href.startsWith('#')) return { tagName, attribs: rest };
      return { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } };
    },
    '*': (tagName, attribs) =>
      attribs.style === undefined
        ? { tagName, attribs }
        : { tagName, attribs: { ...attribs, style: cleanCss(attribs.style) } },
  },
};
// `rel` is written by the transform above; allow it on links only.
(OPTIONS.allowedAttributes as Record<string, string[]>).a!.push('rel');

const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
/** sanitize-html writes a transformed script's text once for the tag and once for its content. */
const REPEATED_WORD = /(<span class="script-removed">)(?:\[script removed\])+(<\/span>)/g;

/**
 * Sanitise user HTML (a whole document or a fragment). The output keeps the
 * document's structure and placeholders (`{{invoice.number}}`), so it can be
 * stored and rendered again.
 */
export function sanitiseHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).replace(REPEATED_WORD, `$1${SCRIPT_REMOVED}$2`);
  // sanitize-html passes style text through unchanged; the text ends at the first `</style`,
  // both here and in a browser, so only the CSS itself needs checking.
  return clean.replace(STYLE_ELEMENT, (_m, open: string, css: string, close: string) => {
    return `${open}${cleanCss(css)}${close}`;
  });
}
