import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '../../apps/server/src/db/schema/index.js';
import { buildCompany, buildMember, buildUser } from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newSizedPage, sidewaysOverflow, type Size } from '../support/viewport.js';

/**
 * Two colleagues chat on the dashboard in two browsers: one starts a room
 * with New chat and writes; the other sees the message arrive live, with an
 * unread count in Contacts and on the sidebar's Dashboard badge, opens the
 * conversation (read: the counts go) and answers with Enter. At desktop and
 * phone size.
 */

let e: E2E;
let companyId: string;
const password = 'chat journey password';

beforeAll(async () => {
  e = await startE2E();
  const thandi = await buildUser(e.h, { username: 'thandi', password });
  await named(thandi.id, 'Thandi', 'Mokoena');
  companyId = (await buildCompany(e.h, thandi)).id;
});
afterAll(() => e?.close());

async function named(id: string, name: string, surname: string) {
  await e.h.deps.database.db.update(users).set({ name, surname }).where(eq(users.id, id));
}

/** A member of Thandi's company named `name` Dlamini. */
async function member(name: string) {
  const m = await buildMember(e.h, companyId, null);
  await named(m.id, name, 'Dlamini');
  return m;
}

/** A colleague of Thandi's, signed in at `size`. */
async function colleague(name: string, size: Size) {
  const m = await member(name);
  const { page } = await newSizedPage(e, size);
  await signIn(page, m.username, m.password);
  return { id: m.id, page };
}

/** A full-page shot from the top (the fixed top bar would otherwise sit mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await e.shot(page, name);
}

const badge = (page: Page) => page.getByRole('link', { name: /^Dashboard/ }).getByLabel(/alerts?/);

async function run(size: Size) {
  const phone = size === 'phone';
  const sipho = await colleague(`Sipho ${size}`, size);
  const { page: thandi } = await newSizedPage(e, size);
  onTestFailed(async () => {
    await e.shot(thandi, `failed-chat-${size}-thandi`);
    await e.shot(sipho.page, `failed-chat-${size}-sipho`);
  });
  await signIn(thandi, 'thandi', password);

  // Thandi starts a chat with Sipho.
  await thandi.getByRole('button', { name: 'New chat' }).click();
  const dialog = thandi.getByRole('dialog', { name: 'New chat' });
  await dialog.getByLabel('Colleagues').click();
  await thandi.getByRole('option', { name: `Sipho ${size} Dlamini` }).click();
  // The picker stays open for more colleagues; a click on the title closes it.
  await dialog.getByRole('heading', { name: 'New chat' }).click();
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  const box = thandi.getByPlaceholder('Type Message ...');
  await box.fill('Morning Sipho, can you take the 10:00 in Rondebosch?');
  await thandi.getByRole('button', { name: 'Send' }).click();
  await expect
    .poll(() => thandi.getByTestId('chat-message').last().textContent())
    .toMatch(/You · \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}Morning Sipho/);

  // Sipho sees it live: the room with an unread count, and the sidebar's badge.
  const contacts = sipho.page.getByRole('list', { name: 'Contacts' });
  await contacts.getByText('Thandi Mokoena').waitFor();
  await contacts.getByLabel('1 unread').waitFor();
  if (!phone)
    await badge(sipho.page)
      .and(sipho.page.getByLabel(/1 unread/))
      .waitFor();
  await shot(sipho.page, `chat-${size}-unread`);
  expect(await sidewaysOverflow(sipho.page)).toBe(0);

  // Sipho opens the conversation (read) and answers with Enter.
  await contacts.getByText('Thandi Mokoena').click();
  await sipho.page
    .getByTestId('chat-message')
    .getByText('Morning Sipho, can you take the 10:00 in Rondebosch?')
    .waitFor();
  await expect
    .poll(() =>
      contacts
        .getByLabel('1 unread')
        .count()
        .catch(() => 0),
    )
    .toBe(0);
  const reply = sipho.page.getByPlaceholder('Type Message ...');
  await reply.fill('Yes, on my way');
  await reply.press('Enter');
  await expect.poll(() => reply.inputValue()).toBe('');
  await shot(sipho.page, `chat-${size}-conversation`);
  expect(await sidewaysOverflow(sipho.page)).toBe(0);
  const findings = await axeFindings(sipho.page);
  expect(findings, describeFindings(findings)).toEqual([]);

  // Thandi, with the conversation open, gets the answer live.
  await thandi.getByTestId('chat-message').getByText('Yes, on my way').waitFor();
  await shot(thandi, `chat-${size}-answered`);
  if (phone) {
    await thandi.getByRole('button', { name: 'Back to contacts' }).click();
    await thandi.getByRole('list', { name: 'Contacts' }).waitFor();
  }
  await thandi.context().close();
  await sipho.page.context().close();
}

/** A group started with a name; its long history pages back on demand. */
async function group() {
  const a = await member('Ayanda');
  await member('Bongani');
  const { page } = await newSizedPage(e, 'desktop');
  onTestFailed(() => e.shot(page, 'failed-chat-group'));
  await signIn(page, 'thandi', password);
  await page.getByRole('button', { name: 'New chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'New chat' });
  await dialog.getByLabel('Colleagues').click();
  await page.getByRole('option', { name: 'Ayanda Dlamini' }).click();
  await page.getByRole('option', { name: 'Bongani Dlamini' }).click();
  await dialog.getByRole('heading', { name: 'New chat' }).click();
  await dialog.getByLabel('Group name').fill('Southern suburbs crew');
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  const title = page.getByRole('region', { name: 'Conversation with Southern suburbs crew' });
  await title.waitFor();
  // 35 messages from Ayanda (through the API, as her browser would send them).
  const rooms = await a.api.get(`/api/rooms?companyId=${companyId}`);
  const roomId = rooms.body.rooms[0]._id as string;
  for (let i = 1; i <= 35; i++)
    expect((await a.api.post(`/api/rooms/${roomId}/message`, { text: `Update ${i}` })).status).toBe(
      200,
    );
  const bubbles = page.getByTestId('chat-message');
  await bubbles.getByText('Update 35', { exact: true }).waitFor();
  // The newest 30 first, newest at the bottom; older ones on demand.
  await expect.poll(() => bubbles.count()).toBe(30);
  expect(await bubbles.last().textContent()).toContain('Update 35');
  await page.getByRole('button', { name: 'Load older messages' }).click();
  await expect.poll(() => bubbles.count()).toBe(35);
  expect(await bubbles.first().textContent()).toContain('Update 1');
  await expect
    .poll(() => page.getByRole('button', { name: 'Load older messages' }).count())
    .toBe(0);
  await shot(page, 'chat-desktop-group');
  await page.context().close();
}

describe('chat on the dashboard', () => {
  it('a named group pages its history back', () => group(), 240_000);
  it('two colleagues chat live at desktop size, with unread badges', () => run('desktop'), 240_000);
  it('and on phones: the list, then the conversation full width', () => run('phone'), 240_000);
});
