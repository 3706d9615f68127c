import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_KEPT } from '@fieldbook/core';
import {
  attachNotificationsRealtime,
  recordNotification,
} from '../../src/areas/notifications/index.js';
import { JOB_NOTIFICATION } from '../../src/areas/jobs/job-automations.kinds.js';
import { notifications } from '../../src/db/schema/index.js';
import { attachRealtime } from '../../src/platform/realtime.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  enter,
  insertJob,
  insertType,
  jobRow,
  queueRows,
  runQueue,
  statuses,
} from '../support/job-automations-helpers.js';
import { connectSocket, joinCompany } from '../support/socket-helpers.js';

/**
 * The notification room (docs/notifications.md): a status that notifies its
 * assignee puts the notification in their room, live, and e-mails it unless
 * they chose not to; only the recipient lists, reads and hears it.
 */
let h: Harness;
let io: Server;
let base: string;
let cid: string;
let owner: TestUser;
let tech: TestUser;
let office: TestUser;
let other: { id: string; owner: TestUser };
const sockets: Socket[] = [];
const JOBS = { appointments: { r: true, u: true } };

const flow = statuses([
  {
    name: 'On site',
    sendNotification: true,
    sendNotificationSubject: '{jobNumber}: {status}',
    sendNotificationBody: 'Go to {clientName}, {assignee}.',
  },
]);
let typeId: string;

beforeAll(async () => {
  h = await startHarness();
  io = attachRealtime(h.app.server, h.deps);
  attachNotificationsRealtime(io, h.deps);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  ({ id: cid, owner } = await buildCompany(h));
  tech = await buildMember(h, cid, JOBS);
  office = await buildMember(h, cid, JOBS);
  other = await buildCompany(h);
  typeId = await insertType(h, cid, flow);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await io.close();
  await h.close();
});

const list = (by: TestUser, companyId = cid) =>
  by.api.get(`/api/notifications?companyId=${companyId}`);
const read = (by: TestUser, body: Record<string, unknown>) =>
  by.api.post('/api/notifications/read', { companyId: cid, ...body });

/** A job assigned to `who` entering the notifying status, the queue run to the end. */
async function notifyJob(who: TestUser) {
  const job = await insertJob(h, cid, { typeId, status: 'On site', userId: who.id, toEmail: '' });
  await enter(h, cid, job.id, flow[0]!);
  await runQueue(h);
  return job;
}

describe('the notification room', () => {
  it('a status that notifies the assignee puts it in their room, and e-mails it as before', async () => {
    const job = await notifyJob(tech);
    const r = await list(tech);
    expect(r.status).toBe(200);
    expect(r.body.unread).toBe(1);
    expect(r.body.notifications).toEqual([
      {
        _id: expect.any(String),
        kind: 'jobStatus',
        title: `${job.appointmentNumber}: On site`,
        body: `Go to , Test ${tech.username}.`,
        jobId: job.id,
        invoiceId: null,
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    const mails = h.mail.mails.filter((m) => m.headers['x-fieldbook-job'] === job.id);
    expect(mails.map((m) => m.to)).toEqual([tech.email]);
    // Only the recipient sees it: not the owner, not a colleague.
    expect((await list(owner)).body).toEqual({ success: true, notifications: [], unread: 0 });
    expect((await list(office)).body.notifications).toEqual([]);
  });

  it('marks read one or all, and refuses ids that are not the caller’s (404)', async () => {
    await notifyJob(office);
    await notifyJob(office);
    const mine = (await list(office)).body.notifications as { _id: string }[];
    expect(mine).toHaveLength(2);
    const theirs = (await list(tech)).body.notifications as { _id: string }[];
    const refused = await read(office, { ids: [theirs[0]!._id] });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Notification not found');
    expect((await read(office, { ids: ['not-an-id'] })).status).toBe(404);
    expect((await list(tech)).body.unread).toBe(1);
    expect((await read(office, { ids: [mine[0]!._id] })).body).toEqual({
      success: true,
      unread: 1,
    });
    expect((await list(office)).body.notifications.map((n: { read: boolean }) => n.read)).toEqual([
      true,
      false,
    ]);
    expect((await read(office, {})).body).toEqual({ success: true, unread: 0 });
  });

  it('answers 400 naming the field, 401 without a session, 404 for another company, 403 when disabled', async () => {
    const bad = await read(tech, { ids: 'all' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['ids']);
    expect((await anonymous(h).get(`/api/notifications?companyId=${cid}`)).status).toBe(401);
    expect((await anonymous(h).get('/api/notifications/settings')).status).toBe(401);
    expect((await list(tech, other.id)).status).toBe(404);
    const r = await tech.api.post('/api/notifications/read', { companyId: other.id });
    expect(r.status).toBe(404);
    const disabled = await buildMember(h, cid, JOBS, { disabled: true });
    expect((await list(disabled)).status).toBe(403);
    const saved = await tech.api.post('/api/notifications/settings', {
      email: { jobStatus: 'no' },
    });
    expect(saved.status).toBe(400);
  });

  it('a member whose rights do not show jobs neither lists nor counts job notifications', async () => {
    const clerk = await buildMember(h, cid, { invoices: { r: true } });
    await notifyJob(clerk);
    expect((await list(clerk)).body).toEqual({ success: true, notifications: [], unread: 0 });
    expect((await read(clerk, {})).body).toEqual({ success: true, unread: 0 });
  });

  it('with the e-mail switched off in the profile, it arrives in the app only', async () => {
    const quiet = await buildMember(h, cid, JOBS);
    const before = await quiet.api.get('/api/notifications/settings');
    expect(before.body.settings).toEqual([
      { kind: 'jobStatus', label: expect.stringContaining('Job status'), email: true },
      { kind: 'quoteAnswer', label: expect.stringContaining('Quote answers'), email: true },
    ]);
    const saved = await quiet.api.post('/api/notifications/settings', {
      email: { jobStatus: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings[0].email).toBe(false);
    // One user's choice is theirs only.
    expect((await tech.api.get('/api/notifications/settings')).body.settings[0].email).toBe(true);
    const job = await notifyJob(quiet);
    expect((await list(quiet)).body.unread).toBe(1);
    expect(h.mail.mails.filter((m) => m.headers['x-fieldbook-job'] === job.id)).toEqual([]);
    const queued = (await queueRows(h, JOB_NOTIFICATION)).filter(
      (q) => (q.payload as { jobId: string }).jobId === job.id,
    );
    expect(queued).toEqual([]);
    expect((await jobRow(h, job.id)).log[0]!.s).toMatch(/^Shown to the assignee in the app only/);
  });

  it('is pushed live to its recipient only', async () => {
    const sTech = await connectSocket(base, tech, sockets);
    const sOffice = await connectSocket(base, office, sockets);
    await joinCompany(sTech, cid);
    await joinCompany(sOffice, cid);
    const heard: unknown[][] = [[], []];
    sTech.on('notification', (p) => heard[0]!.push(p));
    sOffice.on('notification', (p) => heard[1]!.push(p));
    await notifyJob(tech);
    await notifyJob(office);
    // The office's own push arriving shows the tech's went out before it.
    await expect.poll(() => heard[1]!.length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => heard[0]!.length, { timeout: 5000 }).toBe(1);
    const newest = (await list(tech)).body.notifications[0]._id;
    expect(heard[0]).toEqual([{ _id: newest }]);
  });

  it("marking read reaches the user's other tabs only, not a colleague", async () => {
    await notifyJob(tech);
    const [tab1, tab2, colleague] = [
      await connectSocket(base, tech, sockets),
      await connectSocket(base, tech, sockets),
      await connectSocket(base, office, sockets),
    ];
    for (const s of [tab1, tab2, colleague]) await joinCompany(s, cid);
    const heard: number[] = [0, 0, 0];
    [tab1, tab2, colleague].forEach((s, i) => s.on('notificationsRead', () => heard[i]!++));
    expect((await read(tech, {})).body).toEqual({ success: true, unread: 0 });
    await expect.poll(() => heard[0]! + heard[1]!, { timeout: 5000 }).toBe(2);
    // The colleague's own mark arriving shows the tech's push went out before it.
    expect((await read(office, {})).status).toBe(200);
    await expect.poll(() => heard[2], { timeout: 5000 }).toBe(1);
    expect(heard).toEqual([1, 1, 1]);
  });

  it(`keeps the newest ${NOTIFICATIONS_KEPT} per member`, async () => {
    const busy = await buildMember(h, cid, JOBS);
    const db = h.deps.database.db;
    for (let i = 0; i < NOTIFICATIONS_KEPT + 5; i++)
      await recordNotification(db, {
        companyId: cid,
        userId: busy.id,
        kind: 'jobStatus',
        jobId: null,
        title: `n${i}`,
        body: '',
        dedupeKey: `test:${i}`,
      });
    const rows = await db.select().from(notifications).where(eq(notifications.userId, busy.id));
    expect(rows).toHaveLength(NOTIFICATIONS_KEPT);
    expect(rows.map((r) => r.title)).not.toContain('n4');
    expect(rows.map((r) => r.title)).toContain('n5');
    // The same cause twice is one notification.
    const again = await recordNotification(db, {
      companyId: cid,
      userId: busy.id,
      kind: 'jobStatus',
      jobId: null,
      title: 'again',
      body: '',
      dedupeKey: `test:${NOTIFICATIONS_KEPT + 4}`,
    });
    expect(again).toBeNull();
    // Arrival decides, not the clock: with every time the same, the oldest to arrive goes.
    await db
      .update(notifications)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(notifications.userId, busy.id));
    await recordNotification(db, {
      companyId: cid,
      userId: busy.id,
      kind: 'jobStatus',
      jobId: null,
      title: 'tie',
      body: '',
      dedupeKey: 'test:tie',
    });
    const titles = (
      await db.select().from(notifications).where(eq(notifications.userId, busy.id))
    ).map((r) => r.title);
    expect(titles).toHaveLength(NOTIFICATIONS_KEPT);
    expect(titles).not.toContain('n5');
    expect(titles).toEqual(expect.arrayContaining(['n6', 'tie']));
  });
});
