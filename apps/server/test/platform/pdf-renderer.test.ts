import { execSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/platform/errors.js';
import { createPdfRenderer, type PdfRenderer } from '../../src/platform/pdf.js';
import { pdfText } from '../support/pdf-text.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('the warm PDF renderer', () => {
  let r: PdfRenderer;
  let hits = 0;
  let outside: http.Server;
  let outsideUrl = '';
  const asked: string[] = [];

  beforeAll(async () => {
    // A server the printed page must never reach.
    outside = http.createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((ok) => outside.listen(0, '127.0.0.1', ok));
    outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
    r = createPdfRenderer({
      chromiumPath: CHROMIUM,
      pages: 2,
      resolveAsset: async (p) => {
        asked.push(p);
        return null;
      },
    });
  });
  afterAll(async () => {
    await r.close();
    outside.close();
  });

  it('prints HTML to a PDF whose text reads back', async () => {
    const pdf = await r.print('<html><body><h1>Tax Invoice INV00042</h1><p>R 1,150.00</p></body>');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('INV00042');
    expect(text).toContain('R 1,150.00');
  });

  it('runs no script and reaches nothing but the asset resolver', async () => {
    const pdf = await r.print(
      `<body><p id="t">clean</p>
       <script>document.getElementById('t').textContent = 'PWNED'</script>
       <img src="x" onerror="document.body.textContent='PWNED'">
       <img src="${outsideUrl}/pixel.png"><link rel="stylesheet" href="${outsideUrl}/a.css">
       <img src="/api/images/template/00000000-0000-4000-8000-000000000000"></body>`,
    );
    const text = await pdfText(pdf);
    expect(text).toContain('clean');
    expect(text).not.toContain('PWNED');
    expect(hits).toBe(0);
    expect(asked).toContain('/api/images/template/00000000-0000-4000-8000-000000000000');
  });

  it('keeps at most the pool size printing and reuses one browser', async () => {
    const before = r.stats().launches;
    const pdfs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => r.print(`<p>page ${i}</p>`)),
    );
    expect(pdfs).toHaveLength(6);
    const s = r.stats();
    expect(s.launches).toBe(before);
    expect(s.busy).toBe(0);
    expect(s.idle).toBeLessThanOrEqual(2);
  });

  it('starts a new browser when the old one died', async () => {
    await r.print('<p>warm</p>');
    const before = r.stats().launches;
    // SIGKILL the Chromium this test process started, as a crash would.
    const children = execSync(`ps -o pid=,comm= --ppid ${process.pid}`).toString();
    const chromium = children
      .split('\n')
      .filter((l) => l.includes('chrom'))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(chromium.length).toBeGreaterThan(0);
    for (const pid of chromium) process.kill(pid, 'SIGKILL');
    await new Promise((ok) => setTimeout(ok, 200));
    const pdf = await r.print('<p>after the crash</p>');
    expect(await pdfText(pdf)).toContain('after the crash');
    expect(r.stats().launches).toBe(before + 1);
  });
});

describe('a print that hangs', () => {
  it('fails after the timeout and frees its page for the next print', async () => {
    const r = createPdfRenderer({
      chromiumPath: CHROMIUM,
      pages: 1,
      timeoutMs: 1500,
      // An image that never arrives: the page never finishes loading.
      resolveAsset: (p) => (p.includes('never') ? new Promise(() => {}) : Promise.resolve(null)),
    });
    try {
      // A busy printer, not a server fault: 503 with a message the person can act on.
      const failed = await r.print('<img src="/api/images/never"><p>stuck</p>').catch((e) => e);
      expect(failed).toBeInstanceOf(HttpError);
      expect(failed).toMatchObject({
        status: 503,
        message: 'Printing the PDF took longer than 1.5 s; please try again in a moment',
      });
      expect(r.stats()).toMatchObject({ busy: 0, waiting: 0 });
      // The one page slot is free again.
      expect(await pdfText(await r.print('<p>next one</p>'))).toContain('next one');
    } finally {
      await r.close();
    }
  });
});
