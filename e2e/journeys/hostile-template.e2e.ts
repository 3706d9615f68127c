import { eq } from 'drizzle-orm';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { formatMoney } from '@fieldbook/core';
import { invoices, templates } from '../../apps/server/src/db/schema/index.js';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import { pdfText } from '../../apps/server/test/support/pdf-text.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

/**
 * A template that tries every way in: a script, event-handler attributes in
 * odd spellings, javascript: links. Each would leave a mark on the top window
 * (`__pwned`), the title, or the text of the page; none may run in the app's
 * preview, on the public invoice page or in the PDF.
 */
const HOSTILE = `<html><head><title>ok</title></head><body>
<h1>Hostile {{invoice.number}}</h1>
<script>window.top.__pwned = 'script'; document.body.innerHTML = 'PWNED';</script>
<img src="x" onerror="window.top.__pwned = 'onerror'; document.body.innerHTML = 'PWNED'">
<IMG SRC="x" OnErRoR = "window.top.__pwned = 'onerror2'">
<p id="clickme" onclick="window.top.__pwned = 'onclick'">click me</p>
<a id="js1" href="javascript:window.top.__pwned='href'">pay here</a>
<a id="js2" href="JaVaScRiPt:window.top.__pwned='href2'">or here</a>
<a id="js3" href="jav&#x61;script:window.top.__pwned='href3'">or there</a>
<svg onload="window.top.__pwned = 'svg'"><circle r="1"></circle></svg>
<p>Total {{totals.total}}</p>
<a id="terms" href="/terms">our terms</a>
<img id="remote" src="https://cdn.example.test/logo.png" alt="remote">
</body></html>`;

let e: E2E;
let owner: TestUser;
let companyId: string;
let clientId: string;
let templateId: string;
let invoice: { _id: string; invoiceNumber: string; totals: { total: number } };

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'mallory', password: 'hostile password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  clientId = await buildClient(owner.api, companyId, { name: 'Eve', email: 'eve@example.test' });
  // Written straight into the database, as an old or imported row might be:
  // the render-time sanitising is what must hold here, not the save.
  const [t] = await e.h.deps.database.db
    .insert(templates)
    .values({ companyId, type: 'invoice', name: 'Hostile', html: HOSTILE, isInvoice: true })
    .returning({ id: templates.id });
  templateId = t!.id;
  invoice = await buildInvoice(owner.api, companyId, clientId, { invoiceTemplateId: templateId });
});
afterAll(() => e.close());

/** Resolves once the frame's document has loaded: its images have loaded or failed (onerror). */
const loaded = (frame: FrameLocator) =>
  frame
    .locator('body')
    .evaluate((b) =>
      b.ownerDocument.readyState === 'complete'
        ? undefined
        : new Promise((r) => b.ownerDocument.defaultView!.addEventListener('load', r)),
    );

/** What a run of the hostile code would have left behind on the page. */
async function traces(page: Page, frameTitle: string) {
  const frame = page.frameLocator(`iframe[title="${frameTitle}"]`);
  await frame.getByRole('heading', { name: `Hostile ${invoice.invoiceNumber}` }).waitFor();
  await loaded(frame);
  // Try the handlers a user could trigger. An event's handlers run within its
  // dispatch, so they have run when dispatchEvent returns.
  await frame.locator('#clickme').dispatchEvent('click');
  for (const id of ['#js1', '#js2', '#js3'])
    if (await frame.locator(id).count()) await frame.locator(id).click({ force: true });
  // The links' navigations go in the order clicked: once the ordinary link
  // after them has opened its tab, theirs have had their turn.
  const [popup] = await Promise.all([page.waitForEvent('popup'), frame.locator('#terms').click()]);
  await popup.close();
  const inFrame = await frame.locator('body').evaluate((b) => ({
    scripts: b.ownerDocument.querySelectorAll('script').length,
    handlers: [...b.ownerDocument.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on')),
    ).length,
    jsLinks: [...b.ownerDocument.querySelectorAll('[href],[src]')].filter((el) =>
      /^\s*javascript:/i.test(el.getAttribute('href') ?? el.getAttribute('src') ?? ''),
    ).length,
    text: (b as HTMLElement).innerText,
  }));
  const top = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    title: document.title,
  }));
  return { ...inFrame, ...top };
}

describe('a hostile template', () => {
  it('runs nothing in the app preview', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-hostile-preview'));
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, 'mallory', 'hostile password 1');
    await page.goto(`/invoiceTemplate/${templateId}`);
    await page.getByRole('heading', { name: 'Hostile', exact: true }).waitFor();
    // The preview is filled with sample data, so its number is the sample's.
    const frame = page.frameLocator('iframe[title="Template preview"]');
    await frame.getByRole('heading', { name: /^Hostile / }).waitFor();
    await loaded(frame);
    // Its handlers, if any, run within the dispatch: they have run when it returns.
    await frame.locator('#clickme').dispatchEvent('click');
    const t = await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned);
    expect(t).toBeUndefined();
    expect(dialogs).toEqual([]);
    const body = await frame.locator('body').innerText();
    expect(body).not.toContain('PWNED');
    expect(body).toContain('[script removed]');
    await e.shot(page, 'hostile-preview');
  });

  it('runs nothing on the public invoice page', async () => {
    const [row] = await e.h.deps.database.db
      .select({ key: invoices.publicKey })
      .from(invoices)
      .where(eq(invoices.id, invoice._id));
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-hostile-public'));
    await page.goto(`/view/c/${companyId}/e/${clientId}/i/${row!.key}`);
    const t = await traces(page, `Invoice ${invoice.invoiceNumber}`);
    expect(t).toMatchObject({ scripts: 0, handlers: 0, jsLinks: 0, pwned: null });
    expect(t.title).not.toContain('PWNED');
    expect(t.text).not.toContain('PWNED');
    expect(t.text).toContain(formatMoney(invoice.totals.total));
    await e.shot(page, 'hostile-public');

    // An ordinary link opens in a new tab, with no way back to this page; an image from the
    // web is dropped here as in the PDF (whose printer could not load it).
    const frame = page.frameLocator(`iframe[title="Invoice ${invoice.invoiceNumber}"]`);
    expect(await frame.locator('#remote').getAttribute('src')).toBeNull();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.locator('#terms').click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/terms');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(new URL(page.url()).pathname).toMatch(/^\/view\/c\//);
    await popup.close();
  });

  it('runs nothing in the PDF', async () => {
    const r = await owner.api.get(`/api/companies/${companyId}/invoices/${invoice._id}/download`);
    expect(r.status).toBe(200);
    const text = await pdfText(r.body as unknown as Buffer);
    expect(text).toContain(`Hostile ${invoice.invoiceNumber}`);
    expect(text).toContain(formatMoney(invoice.totals.total));
    expect(text).not.toContain('PWNED');
  });
});
