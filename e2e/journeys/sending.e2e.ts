import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_TAX, MSG, todayIn } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient, buildInvoice } from '../../apps/server/test/support/finance-factories.js';
import type { CaughtMail } from '../../apps/server/test/support/mail-catcher.js';
import { pdfText } from '../../apps/server/test/support/pdf-text.js';
import { linkIn, signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let owner: TestUser;
let companyId: string;
let leratoId: string;
const today = todayIn('Africa/Johannesburg');
const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const LERATO = 'lerato@example.test';
const OFFICE = 'office@thandi.test';
/** The saved invoices: [0] is sent on its own, the rest in bulk ([3] has no address). */
const invoices: { _id: string; invoiceNumber: string }[] = [];

beforeAll(async () => {
  // The queue worker runs: bulk sends go out in the background as in production.
  e = await startE2E({ workers: true });
  owner = await buildUser(e.h, { username: 'thandi', password: 'sending password 1' });
  companyId = (await buildCompany(e.h, owner)).id;
  const co = await owner.api.post(`/api/companies/${companyId}`, {
    companyName: 'Thandi Plumbing',
    tax: { ...DEFAULT_TAX, hasTax: true, inc1: false },
  });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  leratoId = await buildClient(owner.api, companyId, {
    name: 'Lerato',
    surname: 'Mokoena',
    email: LERATO,
  });
  const sipho = await buildClient(owner.api, companyId, {
    name: 'Sipho',
    surname: 'Dlamini',
    email: 'sipho@example.test',
  });
  const noMail = await buildClient(owner.api, companyId, { name: 'Nomsa', surname: 'Zulu' });
  const make = (entityId: string, to: string, toEmail: string, price: number) =>
    buildInvoice(owner.api, companyId, entityId, {
      invoiceDate: today,
      dueDate,
      to,
      toEmail,
      descriptions: [
        { description: 'Geyser repair', qty: 2, price },
        { description: 'Call-out', qty: 1, price: 120 },
      ],
    });
  invoices.push(await make(leratoId, 'Lerato Mokoena', LERATO, 450));
  invoices.push(await make(leratoId, 'Lerato Mokoena', LERATO, 300));
  invoices.push(await make(sipho, 'Sipho Dlamini', 'sipho@example.test', 200));
  invoices.push(await make(noMail, 'Nomsa Zulu', '', 100));
});
afterAll(() => e?.close());

/** The first mail to `to` that arrives after `seen` mails had come in. */
async function mailAfter(seen: number, to: string): Promise<CaughtMail> {
  const find = () => e.h.mail.mails.slice(seen).find((m) => m.to.includes(to));
  await expect.poll(find, { timeout: 20_000 }).toBeTruthy();
  return find()!;
}

/** The text of a mail's single PDF attachment. */
async function attachedPdf(mail: CaughtMail) {
  expect(mail.attachments).toHaveLength(1);
  const [pdf] = mail.attachments;
  expect(pdf!.contentType).toBe('application/pdf');
  return { name: pdf!.filename ?? '', text: await pdfText(pdf!.content) };
}

/** Notifications close themselves; they sit over the header's buttons meanwhile. */
async function dismissNotifications(page: Page) {
  await expect
    .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 20_000 })
    .toBe(0);
}

const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Please confirm' });

describe('an owner sends invoices and statements', () => {
  it('downloads, tests and sends one invoice, bulk-sends the rest and e-mails a statement', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-sending'));
    await signIn(page, 'thandi', 'sending password 1');
    const first = invoices[0]!;
    const number = first.invoiceNumber;

    // --- Download: the PDF viewer with the server's file name.
    await page.goto(`/invoices/${first._id}`);
    await page.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
    const total = await page.getByTestId('totals-total').innerText();
    expect(total).toBe('R1,173.00'); // (2 × 450 + 120) + VAT 15 %
    await e.shot(page, 'sending-invoice-actions');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: `Invoice ${number}` });
    const frame = viewer.locator('object[type="application/pdf"]');
    await frame.waitFor();
    expect(await frame.getAttribute('data')).toMatch(/^blob:/);
    await viewer.getByText(`${number}.pdf`, { exact: true }).waitFor();
    await e.shot(page, 'sending-pdf-viewer');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const saved = await pdfText(await streamBytes(await download.createReadStream()));
    expect(saved).toContain(number);
    await viewer.getByRole('button', { name: 'Close', exact: true }).click();
    await viewer.waitFor({ state: 'hidden' });

    // --- The send modal: the draft's recipient, the add-recipient rules, the hint.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const send = page.getByRole('dialog', { name: `Send Invoice ${number}` });
    const recipients = send.getByRole('list', { name: 'Recipients' });
    await recipients.getByText(LERATO, { exact: true }).waitFor();
    await send.getByText(MSG.ownAddressHint).waitFor();
    expect(await send.getByLabel('Subject').inputValue()).toContain(number);
    expect(await send.getByLabel('Message').inputValue()).toContain(`/view/c/${companyId}/`);
    const addInput = send.getByLabel('Add recipient');
    const add = send.getByRole('button', { name: 'Add', exact: true });
    await addInput.fill('accounts@');
    expect(await add.isDisabled()).toBe(true);
    await addInput.fill('accounts@mokoena.test, nope');
    expect(await add.isDisabled()).toBe(true);
    await addInput.fill('accounts@mokoena.test; extra@example.test');
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await recipients.getByText('extra@example.test', { exact: true }).waitFor();
    expect(await addInput.inputValue()).toBe('');
    await send.getByRole('button', { name: 'Remove extra@example.test' }).click();
    await recipients.getByText('extra@example.test').waitFor({ state: 'detached' });
    expect(await recipients.getByRole('listitem').allInnerTexts()).toEqual([
      LERATO,
      'accounts@mokoena.test',
    ]);

    // --- A test e-mail needs the company's own address: the modal says so, and so does the server.
    await send.getByRole('button', { name: 'Send test email' }).click();
    await send.getByText(MSG.noCompanyEmail).waitFor();
    await e.shot(page, 'sending-no-company-address');
    const refused = await owner.api.post(
      `/api/companies/${companyId}/invoices/${first._id}/email`,
      { to: [LERATO], subject: 'x', test: true },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(MSG.noCompanyEmail);
    await send.getByRole('button', { name: 'Cancel' }).click();
    await send.waitFor({ state: 'hidden' });

    // --- The company's address, under company settings.
    await page.goto(`/company/${companyId}`);
    await page.getByLabel('Company e-mail address').fill(OFFICE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Company settings saved').waitFor();

    // --- The test goes to the company only, with the PDF.
    await page.goto(`/invoices/${first._id}`);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await send.getByRole('list', { name: 'Recipients' }).waitFor();
    let seen = e.h.mail.mails.length;
    await send.getByRole('button', { name: 'Send test email' }).click();
    await confirmDialog(page).getByText(MSG.confirmTest).waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Send test' }).click();
    await page.getByText(`The test went to ${OFFICE}`).waitFor();
    const test = await mailAfter(seen, OFFICE);
    expect(test.to).not.toContain(LERATO);
    expect((await attachedPdf(test)).text).toContain(number);
    const notSent = await owner.api.get(`/api/companies/${companyId}/invoices/${first._id}`);
    expect(notSent.body.emails).toHaveLength(0);

    // --- The real send: confirmation, 'Sent.', the PDF with the screen's figures and the public link.
    await addInput.fill('accounts@mokoena.test');
    await add.click();
    seen = e.h.mail.mails.length;
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    await confirmDialog(page).getByText(MSG.confirmSend).waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(MSG.sent, { exact: true }).waitFor();
    await send.waitFor({ state: 'hidden' });
    const mail = await mailAfter(seen, LERATO);
    expect(mail.to).toContain('accounts@mokoena.test');
    const pdf = await attachedPdf(mail);
    expect(pdf.name).toBe(`${number}.pdf`);
    expect(pdf.text).toContain(number);
    expect(pdf.text).toContain(total);
    const link = linkIn(mail.text, `/view/c/${companyId}/`);
    expect(link.startsWith(e.baseUrl)).toBe(true);
    await dismissNotifications(page);

    // --- Bulk: the SMTP hand-over waits for the test, so the rows are seen while queued.
    const mailer = e.h.deps.mailer;
    const handOver = mailer.send.bind(mailer);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mailer.send = async (msg, via) => {
      await gate;
      return handOver(msg, via);
    };
    try {
      await page.getByRole('main').getByRole('link', { name: 'Invoices', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/invoices');
      // A reload would lose this mark: the rows must change in place.
      await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
      const row = (n: number) =>
        page.getByRole('row').filter({ hasText: invoices[n]!.invoiceNumber });
      await row(0).getByText(`Sent ${today} · e-mailed 1×`).waitFor();
      const sendSelected = page.getByRole('button', { name: /^Send \d+ Selected$/ });
      expect(await sendSelected.innerText()).toBe('Send 0 Selected');
      expect(await sendSelected.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Select Not Paid Unsent' }).click();
      await page.getByRole('button', { name: 'Send 3 Selected' }).click();
      await confirmDialog(page).getByText(MSG.confirmBulk).waitFor();
      await confirmDialog(page).getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByText(MSG.bulkQueued).waitFor();
      await row(1).getByText('Sending...').waitFor();
      await row(2).getByText('Sending...').waitFor();
      // No address: the job fails at once and the row shows why in red.
      await row(3)
        .getByText(/has no e-mail address/)
        .waitFor();
      expect(await row(3).getByText('Sending...').count()).toBe(0);
      await e.shot(page, 'sending-bulk-queued');
      // Queued invoices are on their way: only the failed one is still 'unsent'.
      await page.getByRole('button', { name: 'Select Not Paid Unsent' }).click();
      await page.getByRole('button', { name: 'Send 1 Selected' }).waitFor();
      expect(await row(3).getByRole('checkbox').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Clear' }).click();

      seen = e.h.mail.mails.length;
      release();
      await row(1).getByText(`Sent ${today} · e-mailed 1×`).waitFor();
      await row(2).getByText(`Sent ${today} · e-mailed 1×`).waitFor();
      expect(await row(1).getByText('Sending...').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
      const bulkPdf = await attachedPdf(await mailAfter(seen, 'sipho@example.test'));
      expect(bulkPdf.text).toContain(invoices[2]!.invoiceNumber);
      await dismissNotifications(page);
      await e.shot(page, 'sending-bulk-sent');
    } finally {
      mailer.send = handOver;
      release();
    }

    // --- The client's statement: download and e-mail it.
    await page.goto(`/clients/${leratoId}?tab=account`);
    const outstanding = await page.getByRole('group', { name: 'Outstanding' }).innerText();
    const owed = /R[\d,]+\.\d\d/.exec(outstanding)![0];
    expect(owed).toBe('R2,001.00'); // R1,173.00 + R828.00
    await page.getByRole('button', { name: 'Download statement' }).click();
    const statement = page.getByRole('dialog', { name: 'Statement Lerato Mokoena' });
    await statement.locator('object[type="application/pdf"]').waitFor();
    await e.shot(page, 'sending-statement-pdf');
    await statement.getByRole('button', { name: 'Close', exact: true }).click();
    await statement.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Email statement' }).click();
    const mailStatement = page.getByRole('dialog', { name: 'Email Statement Lerato Mokoena' });
    await mailStatement.getByRole('list', { name: 'Recipients' }).getByText(LERATO).waitFor();
    await e.shot(page, 'sending-statement-modal');
    await page.setViewportSize({ width: 390, height: 844 });
    await e.shot(page, 'sending-statement-modal-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    seen = e.h.mail.mails.length;
    await mailStatement.getByRole('button', { name: 'Send', exact: true }).click();
    await confirmDialog(page).getByText('Are you sure you want to send this statement?').waitFor();
    await confirmDialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText(MSG.sent, { exact: true }).waitFor();
    await mailStatement.waitFor({ state: 'hidden' });
    const statementPdf = await attachedPdf(await mailAfter(seen, LERATO));
    expect(statementPdf.name).toMatch(/^Statement .*\.pdf$/);
    expect(statementPdf.text).toContain('Lerato');
    expect(statementPdf.text).toContain(owed);
    await context.close();
  });
});

/** All bytes of a download's stream. */
async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
