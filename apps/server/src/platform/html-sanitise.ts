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

/** Image sources a document may use: our own images, inline images, the web, or a placeholder. */
const IMG_SRC =
  /^(\/api\/images\/[\w/-]+|\/images\/[\w/-]+|data:image\/(png|jpeg|gif|webp);base64,[\w+/=\s]+|https?:\/\/[^\s"'<>]+|\{\{[^{}<>]+\}\}+)$/i;

/** CSS that can load or run something: imports, old IE expressions and bindings, script URLs. */
const CSS_BAD = /@import|expression\s*\(|behavior\s*:|-moz-binding|javascript\s*:|vbscript\s*:/gi;

/** CSS text with anything that could load or run code, or close its element, neutralised. */
export function cleanCss(css: string): string {
  // Backslash escapes could spell the words above; CSS needs none in a document template.
  return css.replace(/\\/g, '').replace(/</g, '').replace(CSS_BAD, '/*removed*/');
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
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
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
      const src = (attribs.src ?? '').trim();
      const next = { ...attribs };
      if (IMG_SRC.test(src)) {
        // The upload answer names `/images/template/{id}`; the API serves it under /api.
        next.src = src.startsWith('/images/') ? `/api${src}` : src;
      } else delete next.src;
      return { tagName, attribs: next };
    },
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target && { target: '_blank', rel: 'noopener' }) },
    }),
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
