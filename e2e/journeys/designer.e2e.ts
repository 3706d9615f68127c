import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { allRights, type TAppointmentType } from '@fieldbook/core';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';

/**
 * Issue 10, Done when: the owner draws a four-status type with a required
 * field and two automations in Appointment Settings (/diagram), and Save All
 * refuses a broken graph, saying what is wrong on the diagram.
 */

const PASSWORD = 'designer password 1';
let e: E2E;
let owner: TestUser;
let companyId: string;
let groupId: string;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'thabo', password: PASSWORD });
  companyId = (await buildCompany(e.h, owner)).id;
  const g = await owner.api.post(`/api/companies/${companyId}/groups`, {
    name: 'Technicians',
    rights: allRights(false),
  });
  expect(g.status, JSON.stringify(g.body)).toBe(200);
  groupId = (g.body as { _id: string })._id;
});
afterAll(() => e.close());

const types = async () => {
  const r = await owner.api.get(`/api/companies/${companyId}/appointments/types`);
  expect(r.status).toBe(200);
  return r.body as TAppointmentType[];
};

/** A status on the diagram, by its name. */
const node = (page: Page, name: string) =>
  page
    .getByTestId('workflow-diagram')
    .getByRole('group', { name: new RegExp(`^Status ${name}( \\(final\\))?$`) });

/** Pick options of the Mantine (multi) select labelled `label`, then close it. */
async function choose(page: Page, label: string, ...options: string[]) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  for (const o of options) await page.getByRole('option', { name: o, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Select a status on the diagram and wait for its editor. */
async function selectStatus(page: Page, name: string) {
  await node(page, name).click();
  await page.getByRole('heading', { name: `Status: ${name}` }).waitFor();
}

/** Drag with the mouse, in steps, as a person does (React Flow follows mouse moves). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

/** The centre of an element on screen, scrolled into view first as a person scrolls to it. */
const centre = async (page: Page, selector: ReturnType<Page['locator']>) => {
  await selector.scrollIntoViewIfNeeded();
  const b = (await selector.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

describe('the owner designs a job type', () => {
  it('draws Geyser replacement, is refused a broken graph, then saves it', async () => {
    const { page } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-designer'));
    await signIn(page, 'thabo', PASSWORD);
    await page.getByRole('link', { name: 'Appointment Settings' }).click();
    await page.getByRole('heading', { name: 'Appointment Settings', level: 1 }).waitFor();
    // A new company starts with Meeting and Booking.
    const list = page.getByRole('navigation', { name: 'Appointment types' });
    await list.getByRole('button', { name: /Meeting/ }).waitFor();
    await list.getByRole('button', { name: /Booking/ }).waitFor();

    await page.getByRole('button', { name: 'Add type' }).click();
    await expect.poll(() => page.getByLabel('Type name').inputValue()).toBe('New');
    // A new type's name is focused.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('id')))
      .toBe(await page.getByLabel('Type name').getAttribute('id'));
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(
      'New description',
    );
    await page.getByLabel('Type name').fill('Geyser replacement');
    await choose(page, 'Colour', 'Warning');
    await choose(page, 'Icon', 'Flame');

    // New -> Done becomes New -> Booked; Job Done is added without a link into it.
    await selectStatus(page, 'Done');
    await page.getByLabel('Status name').fill('Booked');
    await page.getByRole('button', { name: 'Add status' }).click();
    await page.getByLabel('Status name').fill('Job Done');
    await node(page, 'Job Done').waitFor();

    // Save All refuses, and the diagram says why and marks the status.
    await page.getByRole('button', { name: 'Save All' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Not saved: the workflow of 'Geyser replacement' has problems." })
      .waitFor();
    await page
      .getByTestId('graph-problems')
      .getByText("'Job Done' cannot be reached from 'New'")
      .waitFor();
    expect(await node(page, 'Job Done').locator('.status-node').getAttribute('data-problem')).toBe(
      'true',
    );
    expect((await types()).map((t) => t.name)).not.toContain('Geyser replacement');

    // Link Booked -> Job Done with the mouse: from Booked's right handle to Job Done's left one.
    await drag(
      page,
      await centre(page, node(page, 'Booked').locator('.react-flow__handle.source')),
      await centre(page, node(page, 'Job Done').locator('.react-flow__handle.target')),
    );
    await page.getByTestId('graph-problems').waitFor({ state: 'detached' });
    expect(await node(page, 'Job Done').locator('.status-node').getAttribute('data-problem')).toBe(
      null,
    );

    // Invoiced, linked from Job Done with the keyboard-friendly list of next statuses.
    await page.getByRole('button', { name: 'Add status' }).click();
    await page.getByLabel('Status name').fill('Invoiced');
    await selectStatus(page, 'Job Done');
    await choose(page, 'Next statuses', 'Invoiced');
    await page.getByTestId('graph-problems').waitFor({ state: 'detached' });

    // A field the technician fills, required before Job Done.
    await page.getByRole('button', { name: 'Add field' }).click();
    const fields = page.getByTestId('component-editor');
    // It opens with its label focused; typing the label names the property.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value))
      .toBe('New');
    await page.keyboard.type('Serial number');
    await expect.poll(() => fields.getByLabel('Property').inputValue()).toBe('serialNumber');
    await fields.getByRole('combobox', { name: 'Field type' }).click();
    const kinds = await page.getByRole('option').allTextContents();
    expect(kinds.indexOf("Client's signature")).toBeLessThan(
      kinds.indexOf("Team member's signature"),
    );
    await page.keyboard.press('Escape');
    // Technicians do not see it while the job is New (a click: on, off, as everyone).
    await choose(page, "Permissions of 'Serial number' for", 'Group: Technicians');
    await fields.getByRole('checkbox', { name: 'Hide in New (as everyone)' }).click();
    await fields.getByRole('checkbox', { name: 'Hide in New', exact: true }).waitFor();
    await choose(page, 'Required fields', 'Serial number');

    // Job Done invoices the job and e-mails the invoice; Booked e-mails the client.
    await page.getByRole('switch', { name: "Generate an invoice from the job's lines" }).check();
    await page.getByRole('switch', { name: 'E-mail the invoice to the client' }).check();
    await choose(page, 'Send the invoice', 'Daily');
    await selectStatus(page, 'Booked');
    await page.getByRole('switch', { name: 'E-mail the client' }).check();
    await page.getByLabel('Subject').fill('Job {jobNumber} is booked');
    // The preview shows the field, needed for Job Done from here.
    await page.getByTestId('form-preview').getByText('Needed for Job Done').waitFor();

    // Drag Invoiced below the others: its place is kept.
    await page.getByTestId('workflow-diagram').scrollIntoViewIfNeeded();
    const before = await centre(page, node(page, 'Invoiced'));
    await drag(page, before, { x: before.x, y: before.y + 90 });

    await page.getByRole('button', { name: 'Save All' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await screenshot(page, 'designer-desktop');

    const saved = (await types()).find((t) => t.name === 'Geyser replacement')!;
    expect(saved.color).toBe('warning');
    expect(saved.icon).toBe('flame');
    expect(saved.statuses.map((s) => [s.name, s.next])).toEqual([
      ['New', ['Booked']],
      ['Booked', ['Job Done']],
      ['Job Done', ['Invoiced']],
      ['Invoiced', []],
    ]);
    const [, booked, done, invoiced] = saved.statuses;
    expect(done!.draw.linksTo).toEqual([invoiced!.draw.id]);
    expect(done!.requiredComponents).toEqual(['serialNumber']);
    expect(done!.autoGenerateInvoice).toBe(true);
    expect(done!.autoSendInvoiceClient).toBe(true);
    expect(done!.autoSendInvoiceClientFrequency).toBe('daily');
    expect(booked!.sendNotificationClient).toBe(true);
    expect(booked!.sendNotificationSubject).toBe('Job {jobNumber} is booked');
    expect(booked!.autoGenerateInvoice).toBe(false);
    expect(invoiced!.draw.y).toBeGreaterThan(done!.draw.y + 50);
    expect(saved.components).toEqual([
      expect.objectContaining({ prop: 'serialNumber', label: 'Serial number', type: 'text' }),
    ]);
    expect(saved.components[0]!.permissions[saved.statuses[0]!.id]).toEqual({
      groups: { [groupId]: { hide: true } },
    });

    // A reload shows it saved.
    await page.reload();
    await list.getByRole('button', { name: /Geyser replacement/ }).click();
    for (const name of ['New', 'Booked', 'Job Done', 'Invoiced']) await node(page, name).waitFor();
    await selectStatus(page, 'Job Done');
    expect(
      await page
        .getByRole('switch', { name: "Generate an invoice from the job's lines" })
        .isChecked(),
    ).toBe(true);

    // The Delete key asks before a status goes; Cancel keeps it.
    await node(page, 'Invoiced').click();
    await page.keyboard.press('Delete');
    const ask = page.getByRole('dialog').filter({ hasText: "Delete the status 'Invoiced'?" });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await node(page, 'Invoiced').count()).toBe(1);

    // With a link selected after a status, Delete removes the link without asking.
    await node(page, 'Invoiced').click();
    await page
      .getByTestId('workflow-diagram')
      .getByRole('group', { name: 'Link from Job Done to Invoiced' })
      .click();
    await page.keyboard.press('Delete');
    await page
      .getByTestId('workflow-diagram')
      .getByLabel('Link from Job Done to Invoiced')
      .waitFor({
        state: 'detached',
      });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await node(page, 'Invoiced').count()).toBe(1);

    // Arrange lays the statuses out in workflow order, left to right.
    await page.getByRole('button', { name: 'Arrange' }).click();
    const xs: number[] = [];
    for (const name of ['New', 'Booked', 'Job Done', 'Invoiced'])
      xs.push((await node(page, name).boundingBox())!.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(new Set(xs).size).toBe(4);
    await screenshot(page, 'ux-designer-arranged');

    // Leaving with a change asks whether to save; No leaves it unsaved.
    await page.getByLabel('Description', { exact: true }).fill('Old geyser out, new one in');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const leave = page.getByRole('dialog').filter({ hasText: 'Do you want to save the changes?' });
    await leave.getByRole('button', { name: 'No' }).click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/dashboard');
    expect((await types()).find((t) => t.name === 'Geyser replacement')!.description).toBe(
      'New description',
    );
  });

  it("shows the server's refusal in red on the type it belongs to", async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-designer-refusal'));
    await signIn(page, 'thabo', PASSWORD);
    await page.goto('/diagram');
    await page.getByRole('button', { name: 'Add type' }).click();
    // A name another type has: the graph is fine, the server refuses.
    await page.getByLabel('Type name').fill('Meeting');
    await page.getByRole('button', { name: 'Save All' }).click();
    await page.getByRole('alert').filter({ hasText: "'Meeting' was not saved" }).waitFor();
    const list = page.getByRole('navigation', { name: 'Appointment types' });
    await list.getByText('name is already the name of another type').waitFor();
    expect((await types()).filter((t) => t.name === 'Meeting')).toHaveLength(1);
    // A status added with New selected goes right of New, not after Done.
    await selectStatus(page, 'New');
    await page.getByRole('button', { name: 'Add status' }).click();
    const added = (await node(page, 'Status 3').boundingBox())!;
    const done = (await node(page, 'Done').boundingBox())!;
    expect(Math.abs(added.x - done.x)).toBeLessThan(5);
    expect(added.y).toBeGreaterThan(done.y + done.height / 2);
    await context.close();
  });

  it('saves a type twice, and shows a change made elsewhere meanwhile as a 409 on that type', async () => {
    const { page, context } = await e.newPage();
    onTestFailed(() => e.shot(page, 'failed-designer-stale'));
    await signIn(page, 'thabo', PASSWORD);
    await page.goto('/diagram');
    const list = page.getByRole('navigation', { name: 'Appointment types' });
    await list.getByRole('button', { name: /Meeting/ }).click();
    const description = page.getByLabel('Description');
    // Two saves in a row: the second sends the updatedAt the first answered.
    for (const text of ['First words', 'Second words']) {
      await description.fill(text);
      await page.getByRole('button', { name: 'Save All' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();
      await expect
        .poll(async () => (await types()).find((t) => t.name === 'Meeting')!.description)
        .toBe(text);
    }
    // Someone else saves Meeting now.
    const meeting = (await types()).find((t) => t.name === 'Meeting')!;
    const r = await owner.api.post(`/api/companies/${companyId}/appointments/types`, {
      ...meeting,
      description: 'Changed elsewhere',
    });
    expect(r.status).toBe(200);
    await description.fill('Third words');
    await page.getByRole('button', { name: 'Save All' }).click();
    await page.getByRole('alert').filter({ hasText: "'Meeting' was not saved" }).waitFor();
    await list.getByText('This type was changed by someone else; reload it').waitFor();
    expect((await types()).find((t) => t.name === 'Meeting')!.description).toBe(
      'Changed elsewhere',
    );
    await context.close();
  });

  it('works on a 390 x 844 phone: the panels stack under the diagram', async () => {
    const { page, context } = await newSizedPage(e, 'phone');
    onTestFailed(() => e.shot(page, 'failed-designer-phone'));
    await signIn(page, 'thabo', PASSWORD);
    await page.goto('/diagram');
    const list = page.getByRole('navigation', { name: 'Appointment types' });
    await list.getByRole('button', { name: /Geyser replacement/ }).click();
    await node(page, 'Invoiced').waitFor();
    // Top to bottom, at a readable size, with handles a finger can hit.
    const booked = node(page, 'Booked');
    expect((await booked.boundingBox())!.width).toBeGreaterThanOrEqual(100);
    const into = (await booked.locator('.react-flow__handle.target').boundingBox())!;
    const out = (await booked.locator('.react-flow__handle.source').boundingBox())!;
    expect(out.y).toBeGreaterThan(into.y + 40);
    expect(Math.min(out.width, out.height)).toBeGreaterThanOrEqual(16);
    // A tap selects a status.
    await node(page, 'Booked').tap();
    await page.getByRole('heading', { name: 'Status: Booked' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    const diagram = (await page.getByTestId('workflow-diagram').boundingBox())!;
    const editor = (await page.getByTestId('status-editor').boundingBox())!;
    expect(diagram.width).toBeLessThanOrEqual(390);
    expect(editor.y).toBeGreaterThan(diagram.y + diagram.height);
    await screenshot(page, 'designer-phone', { fullPage: false });
    await screenshot(page, 'ux-designer-phone', { fullPage: false });
    await screenshot(page, 'designer-phone-full');
    await context.close();
  });
});

describe('deleting a type (issue 19 B4) and the preview of switches and signatures (C8)', () => {
  for (const size of ['desktop', 'phone'] as const)
    it(`deletes a type whose job moves to another, at ${size} size`, async () => {
      const url = `/api/companies/${companyId}/appointments/types`;
      const status = (id: string, name: string, col: number, links: string[]) => ({
        id,
        name,
        draw: { id: `n-${id}`, x: col * 220, y: 0, linksTo: links.map((l) => `n-${l}`) },
      });
      const save = async (body: object) => {
        const r = await owner.api.post(url, body);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body._id as string;
      };
      const oldId = await save({
        name: `Old ${size}`,
        statuses: [status('a', 'New', 0, ['b']), status('b', 'Quoted', 1, [])],
        components: [
          { prop: 'agree', label: 'Client agrees', type: 'switch' },
          { prop: 'sig', label: 'Client signature', type: 'signiture' },
        ],
      });
      const newId = await save({
        name: `Target ${size}`,
        statuses: [status('c', 'Booked', 0, ['d']), status('d', 'Done', 1, [])],
        components: [],
      });
      const job = await owner.api.post(`/api/companies/${companyId}/appointments`, {
        appointmentTypeId: oldId,
      });
      expect(job.status, JSON.stringify(job.body)).toBe(200);

      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-designer-delete-${size}`));
      // A second browser on the board, showing the target type: the moved job arrives live.
      const board = size === 'desktop' ? await e.newPage() : null;
      if (board) {
        onTestFailed(() => e.shot(board.page, 'failed-designer-delete-board'));
        await signIn(board.page, 'thabo', PASSWORD);
        await board.page.goto(`/statuses?types=${newId}`);
        await board.page.getByRole('button', { name: new RegExp(`Old ${size}`) }).waitFor();
        expect(await board.page.locator(`[data-job="${job.body.appointmentNumber}"]`).count()).toBe(
          0,
        );
      }
      await signIn(page, 'thabo', PASSWORD);
      await page.goto('/diagram');
      const list = page.getByRole('navigation', { name: 'Appointment types' });
      await list.getByRole('button', { name: new RegExp(`Old ${size}`) }).click();
      // C8: the preview draws the job form's own switch and signature pad.
      const preview = page.getByTestId('form-preview');
      const toggle = preview.getByRole('switch', { name: 'Client agrees' });
      await toggle.waitFor();
      await preview.getByTestId('signature-pad').waitFor();
      await toggle.click({ force: true });
      await expect.poll(() => toggle.isChecked()).toBe(true);

      await page.getByRole('button', { name: 'Delete type' }).click();
      const first = page
        .getByRole('dialog')
        .filter({ hasText: `Are you sure you want to delete the type 'Old ${size}'?` });
      await first.getByRole('button', { name: 'Delete' }).click();
      const second = page
        .getByRole('dialog')
        .filter({ hasText: '1 job uses this type: choose a type to move them to.' });
      await second.waitFor();
      await second.getByRole('combobox', { name: 'Move them to' }).click();
      await page.getByRole('option', { name: `Target ${size}`, exact: true }).click();
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `designer-delete-${size}`, { fullPage: false });
      await second.getByRole('button', { name: 'Delete' }).click();
      await page.getByText(`Deleted; moved 1 job to 'Target ${size}'`).waitFor();
      expect(await list.getByRole('button', { name: new RegExp(`Old ${size}`) }).count()).toBe(0);
      expect((await types()).map((t) => t._id)).not.toContain(oldId);
      const moved = await owner.api.get(
        `/api/companies/${companyId}/appointments/activeJobs/${job.body._id}`,
      );
      expect(moved.body.appointmentTypeId).toBe(newId);
      await screenshot(page, `designer-deleted-${size}`, { fullPage: false });
      if (board) {
        // Without a reload: the job's card is on the target type's board, the old type is gone.
        await board.page
          .locator(`[data-testid="job-card"][data-job="${job.body.appointmentNumber}"]`)
          .waitFor();
        await expect
          .poll(() => board.page.getByRole('button', { name: new RegExp(`Old ${size}`) }).count())
          .toBe(0);
        await screenshot(board.page, 'designer-deleted-board', { fullPage: false });
        await board.context.close();
      }
      await context.close();
    });
});

describe('a member without settings rights', () => {
  it('has no Appointment Settings entry and is refused the screen', async () => {
    const rights = allRights(false);
    rights.appointments.r = true;
    const member = await buildMember(e.h, companyId, rights);
    const { page, context } = await e.newPage();
    await signIn(page, member.username, member.password);
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Appointment Settings' }).count()).toBe(0);
    await page.goto('/diagram');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await context.close();
  });
});
