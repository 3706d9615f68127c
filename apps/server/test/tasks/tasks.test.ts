import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_CONFIRM } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let tech: TestUser;
let clerk: TestUser;
let other: { id: string; owner: TestUser };
let stranger: TestUser;
beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  [cid, owner] = [c.id, c.owner];
  tech = await buildMember(h, cid, null);
  clerk = await buildMember(h, cid, { settings: { r: true } });
  other = await buildCompany(h);
  stranger = await buildMember(h, other.id, null);
});
afterAll(() => h.close());

const give = (by: TestUser, body: Record<string, unknown>) =>
  by.api.post('/api/tasks', { companyId: cid, ...body });
const step = (by: TestUser, id: string, s: string, companyId = cid) =>
  by.api.post(`/api/tasks/${id}/${s}`, { companyId });
const list = (by: TestUser, companyId = cid) => by.api.get(`/api/tasks?companyId=${companyId}`);

describe('task coupons', () => {
  it('go active, opened, waiting and used, each step by the right person', async () => {
    const made = await give(owner, { name: 'Lunch on us', userId: tech.id });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const t = made.body.task;
    expect(t).toMatchObject({
      name: 'Lunch on us',
      state: 'active',
      activated: true,
      opened: null,
      giver: { _id: owner.id },
      holder: { _id: tech.id },
    });
    // The giver may not open it; the holder may not mark it used.
    expect((await step(owner, t._id, 'open')).status).toBe(403);
    expect((await step(tech, t._id, 'use')).status).toBe(403);
    // Asking before opening is out of turn.
    expect((await step(tech, t._id, 'request')).status).toBe(409);
    const opened = await step(tech, t._id, 'open');
    expect(opened.status).toBe(200);
    expect(opened.body.task.state).toBe('opened');
    expect((await step(tech, t._id, 'open')).status).toBe(409);
    const waiting = await step(tech, t._id, 'request');
    expect(waiting.body.task.state).toBe('waiting');
    expect((await step(owner, t._id, 'use')).body.task).toMatchObject({ state: 'used' });
    expect((await step(owner, t._id, 'use')).status).toBe(409);
    // Both see it; a colleague who neither gave nor holds it does not.
    expect((await list(tech)).body.tasks.map((x: { _id: string }) => x._id)).toContain(t._id);
    expect((await list(owner)).body.tasks[0]).toMatchObject({ _id: t._id, state: 'used' });
    expect((await list(clerk)).body).toEqual({ success: true, tasks: [] });
    expect((await step(clerk, t._id, 'open')).status).toBe(404);
    expect(COUPON_CONFIRM.open).toBe('Are you SURE you want to open this one....?');
  });

  it('is not open until its time', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const t = (await give(owner, { name: 'Friday off', userId: tech.id, displayTime: later })).body
      .task;
    expect(t).toMatchObject({ state: 'not-open-yet', activated: false, displayTime: later });
    const early = await step(tech, t._id, 'open');
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('This coupon cannot be opened now');
  });

  it('needs settings c to give one, to a colleague of the company', async () => {
    expect((await give(clerk, { name: 'X', userId: tech.id })).status).toBe(403);
    const bad = await give(owner, { name: '', userId: tech.id });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('name');
    expect((await give(owner, { name: 'X', userId: owner.id })).body.fields).toHaveProperty(
      'userId',
    );
    expect((await give(owner, { name: 'X', userId: stranger.id })).status).toBe(404);
    expect((await give(owner, { name: 'X', userId: randomUUID() })).status).toBe(404);
    expect((await give(owner, { name: 'X', userId: 'nope' })).status).toBe(404);
    const when = await give(owner, { name: 'X', userId: tech.id, displayTime: 'soon' });
    expect(when.body.fields).toHaveProperty('displayTime');
    const disabled = await buildMember(h, cid, null, { disabled: true });
    expect((await give(owner, { name: 'X', userId: disabled.id })).body.fields).toHaveProperty(
      'userId',
    );
  });

  it('keeps companies apart and needs a token', async () => {
    const t = (await give(owner, { name: 'Ours', userId: tech.id })).body.task;
    // Another company's member, naming their own company or ours.
    expect((await step(stranger, t._id, 'open', other.id)).status).toBe(404);
    expect((await step(stranger, t._id, 'open')).status).toBe(404);
    expect((await list(stranger)).status).toBe(404);
    expect((await list(other.owner, other.id)).body.tasks).toEqual([]);
    // Our coupon named with the other company, by its owner: not found there.
    expect((await step(other.owner, t._id, 'use', other.id)).status).toBe(404);
    const anon = anonymous(h);
    expect((await anon.get(`/api/tasks?companyId=${cid}`)).status).toBe(401);
    expect(
      (await anon.post('/api/tasks', { companyId: cid, name: 'X', userId: tech.id })).status,
    ).toBe(401);
    expect((await list(owner, 'not-a-company')).status).toBe(404);
    expect((await owner.api.get('/api/tasks')).status).toBe(404);
  });

  it('lets exactly one of two racing opens through', async () => {
    const t = (await give(owner, { name: 'Race', userId: tech.id })).body.task;
    const both = await Promise.all([step(tech, t._id, 'open'), step(tech, t._id, 'open')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
