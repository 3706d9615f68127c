import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/areas/templates/render.js';
import { SCRIPT_REMOVED, sanitiseHtml } from '../../src/platform/html-sanitise.js';
import { dangers, startDomInspector } from '../support/browser-dom.js';

let inspector: Awaited<ReturnType<typeof startDomInspector>>;
beforeAll(async () => {
  inspector = await startDomInspector();
});
afterAll(() => inspector.close());

/** Nothing that runs code or loads another document survives, as Chromium parses the output. */
async function expectInert(html: string) {
  expect(await inspector.parse(html).then(dangers), html).toEqual([]);
}

/** Each of these runs or loads something when a browser gets it as it is. */
const ATTACKS: [string, string][] = [
  ['script', '<p>a</p><script>document.body.innerHTML="PWNED"</script>'],
  ['script with odd casing and src', '<ScRiPt SRC="https://evil.test/x.js"></sCrIpT>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img ONERROR with spaces', '<IMG SRC="/api/images/x" ONERROR = "alert(1)">'],
  ['onerror after a slash', '<img/src="x"/onerror=alert(1)>'],
  ['onload on body', '<html><body onload="alert(1)"><p>x</p></body></html>'],
  ['onclick with a newline', '<div\nonclick\n=\n"alert(1)">x</div>'],
  ['javascript: href', '<a href="javascript:alert(1)">x</a>'],
  ['mixed case and spaces', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
  ['entity-encoded', '<a href="jav&#x61;script&#58;alert(1)">x</a>'],
  [
    'decimal entities',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  ],
  ['tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>'],
  ['javascript: img src', '<img src="javascript:alert(1)">'],
  ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
  [
    'data:text/html',
    '<a href="data:text/html,<script>alert(1)</script>">x</a><img src="data:text/html;base64,PHNjcmlwdD4=">',
  ],
  ['svg onload', '<svg onload=alert(1)><circle r=1 /></svg>'],
  ['svg style break-out', '<svg><style><img src=x onerror=alert(1)></style></svg>'],
  [
    'math mglyph',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  ],
  ['style closing into script', '<style>p{color:red}</style><script>alert(1)</script></style>'],
  [
    'css expression and import',
    '<style>@import url(https://evil.test/x.css); p{width:expression(alert(1));background:url(javascript:alert(1))}</style>',
  ],
  ['inline style url', '<div style="background:url(&quot;javascript:alert(1)&quot;)">x</div>'],
  [
    'iframe',
    '<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>',
  ],
  ['object and embed', '<object data="x.swf"></object><embed src="javascript:alert(1)">'],
  [
    'form',
    '<form action="https://evil.test"><input name=a onfocus=alert(1) autofocus><button formaction="javascript:alert(1)">b</button></form>',
  ],
  [
    'meta refresh',
    '<html><head><meta http-equiv="refresh" content="0;url=javascript:alert(1)"></head><body>x</body></html>',
  ],
  [
    'base and link',
    '<base href="javascript:alert(1)//"><link rel="stylesheet" href="javascript:alert(1)">',
  ],
  ['noscript (printing runs without scripts)', '<noscript><img src=x onerror=alert(1)></noscript>'],
  ['template element', '<template><img src=x onerror=alert(1)></template>'],
];

/** Inert as they are in a browser, but a sanitiser that parses differently could make them live. */
const TRICKS: [string, string][] = [
  ['script split by a nested tag', '<scr<script>ipt>alert(1)</script>'],
  ['style with markup inside', '<style>p{}</style><style><img src=x onerror=alert(1)></style>'],
  [
    'comment tricks',
    '<!--<img src=x onerror=alert(1)>--><p>ok</p><!--[if]><script>alert(1)</script><![endif]-->',
  ],
  ['unclosed attribute', '<img src="x" alt="a onerror=alert(1)'],
  ['textarea holding markup', '<textarea><img src=x onerror=alert(1)></textarea>'],
  ['title holding a closing tag', '<title></title><img src=x onerror=alert(1)></title>'],
  ['xmp', '<xmp><p title="</xmp><img src=x onerror=alert(1)>"></xmp>'],
];

describe('sanitiseHtml', () => {
  it.each(TRICKS)('stays inert: %s', async (_name, trick) => {
    await expectInert(sanitiseHtml(trick));
    await expectInert(sanitiseHtml(sanitiseHtml(trick)));
  });

  it.each(ATTACKS)('leaves nothing running: %s', async (_name, attack) => {
    // The attack itself is caught by the check, so the check can fail.
    expect((await inspector.parse(attack).then(dangers)).length).toBeGreaterThan(0);
    await expectInert(sanitiseHtml(attack));
    await expectInert(sanitiseHtml(sanitiseHtml(attack)));
  });

  it('replaces a script with a visible neutral word', () => {
    const out = sanitiseHtml('<p>before</p><script>alert(1)</script><p>after</p>');
    expect(out).toBe(
      `<p>before</p><span class="script-removed">${SCRIPT_REMOVED}</span><p>after</p>`,
    );
  });

  it('keeps what documents need: structure, style, tables, images, placeholders', () => {
    const doc =
      '<html lang="en"><head><style>.t{color:#123}</style></head><body>' +
      '<header class="top"><img src="/images/template/0b5c7d0e-1111-4222-8333-444455556666" alt="logo" width="120"></header>' +
      '<table style="width:100%"><tr><th colspan="2" align="left">{{invoice.number}}</th></tr>' +
      '{{#each lines}}<tr><td>{{description}}</td><td>{{amount}}</td></tr>{{/each}}</table>' +
      '<img src="{{company.logoUrl}}"><img src="data:image/png;base64,iVBORw0KGgo=">' +
      '<a href="https://fieldbook.test/pay">Pay</a><h1>T</h1><strong>b</strong><em>i</em><hr><br></body></html>';
    const out = sanitiseHtml(doc);
    for (const kept of [
      '<html lang="en">',
      '<style>.t{color:#123}</style>',
      '<header class="top">',
      'src="/api/images/template/0b5c7d0e-1111-4222-8333-444455556666"',
      '<th colspan="2" align="left">{{invoice.number}}</th>',
      '{{#each lines}}<tr><td>{{description}}</td>',
      'src="{{company.logoUrl}}"',
      'src="data:image/png;base64,iVBORw0KGgo="',
      'href="https://fieldbook.test/pay"',
      '<table style="width:100%">',
    ])
      expect(out).toContain(kept);
  });

  it('drops images from anywhere but ours and inline ones, the web too (the PDF could not load them)', () => {
    const out = sanitiseHtml(
      '<img src="//evil.test/x.png"><img src="file:///etc/passwd"><img src="ftp://x/y.png">' +
        '<img src="https://cdn.example.test/logo.png"><img src="http://cdn.example.test/logo.png">' +
        '<img src="/images/elsewhere/x"><img src="data:image/svg+xml;base64,PHN2Zz4=">',
    );
    expect(out).toBe('<img /><img /><img /><img /><img /><img /><img />');
  });

  it('keeps only our own and inline images in CSS url(), in style elements and attributes', () => {
    const id = '0b5c7d0e-1111-4222-8333-444455556666';
    const css =
      `.a{background:url(https://cdn.example.test/a.png)} .b{background:url( "/images/template/${id}" )}` +
      ` .c{background:url('data:image/png;base64,iVBORw0KGgo=')} .d{background:url({{company.logoUrl}}) no-repeat}` +
      ` .e{background:image-set("https://cdn.example.test/e.png" 1x)} .f{background:URL("http://cdn.example.test/f.png)}` +
      ` @font-face{font-family:x;src:url(http://cdn.example.test/x.woff)}`;
    const out = sanitiseHtml(
      `<style>${css}</style><div style="background:url(&quot;https://cdn.example.test/x.png&quot;);color:red">x</div>` +
        `<img style="background:url(http://cdn.example.test/y.png)" src="/api/images/${id}">`,
    );
    // No CSS function that loads something names the web any more.
    expect(out).not.toMatch(/(url|image-set)\(\s*["']?(https?:)?\/\//i);
    expect(out).toContain('src:none');
    for (const kept of [
      `.b{background:url("/api/images/template/${id}")}`,
      `.c{background:url("data:image/png;base64,iVBORw0KGgo=")}`,
      '.d{background:url("{{company.logoUrl}}") no-repeat}',
      '.a{background:none}',
      'style="background:none;color:red"',
      `<img style="background:none" src="/api/images/${id}" />`,
    ])
      expect(out).toContain(kept);
    expect(sanitiseHtml(out)).toBe(out);
  });

  it('opens every link in a new tab without access back to the page; script links lose their href', () => {
    const out = sanitiseHtml(
      '<a href="https://pay.example.test/x">web</a><a href="mailto:accounts@example.test">mail</a>' +
        '<a href="tel:+27215550101" target="_top">phone</a><a href="{{invoice.publicUrl}}">view</a>' +
        '<a href=" JaVaScRiPt:alert(1)" target="_blank">js</a><a href="#lines">in page</a><a name="top" target="_top">anchor</a>',
    );
    const blank = 'target="_blank" rel="noopener noreferrer"';
    expect(out).toBe(
      `<a href="https://pay.example.test/x" ${blank}>web</a>` +
        `<a href="mailto:accounts@example.test" ${blank}>mail</a>` +
        `<a href="tel:+27215550101" ${blank}>phone</a>` +
        `<a href="{{invoice.publicUrl}}" ${blank}>view</a>` +
        '<a>js</a><a href="#lines">in page</a><a name="top">anchor</a>',
    );
    expect(sanitiseHtml(out)).toBe(out);
  });
});

describe('rendering', () => {
  it('escapes values and sanitises the rendered document again', async () => {
    const html = renderHtml('<p>{{name}}</p><a href="{{link}}">pay</a><div>{{{raw}}}</div>', {
      name: '<img src=x onerror=alert(1)>',
      link: 'javascript:alert(1)',
      raw: '<script>document.write("PWNED")</script><img src=x onerror=alert(1)>',
    });
    await expectInert(html);
    expect(html).toContain('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).not.toContain('PWNED');
  });

  it('shows why a template cannot be rendered instead of failing', () => {
    const html = renderHtml('{{#each lines}}', {});
    expect(html).toContain('This template could not be rendered');
    expect(renderHtml('{{unknownHelper invoice}}', {})).toContain('unknownHelper');
  });
});
