import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime } from '../../src/platform/realtime.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { connectSocket, joinCompany } from '../support/socket-helpers.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, jobsUrl, saveJob } from '../support/jobs-helpers.js';

let h: Harness;
let io: Server;
let base: string;
let cid: string;
let owner: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  h = await startHarness();
  io = attachRealtime(h.app.server, h.deps);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await io.close();
  await h.close();
});

async function joined(user: { username: string; token: string }) {
  const s = await connectSocket(base, user, sockets);
  await joinCompany(s, cid);
  const got: ({ id: string } | { ids: string[] })[] = [];
  s.on('updateActiveJobs', (p: { id: string } | { ids: string[] }) => got.push(p));
  return got;
}

const until = async (ok: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe('updateActiveJobs', () => {
  it('reaches members with appointments r on every change, with { id }, and not others', async () => {
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    const other = await buildMember(h, cid, { invoices: { r: true } });
    const [ownerGot, readerGot, otherGot] = [
      await joined(owner),
      await joined(reader),
      await joined(other),
    ];
    const j = await buildJob(owner.api, cid, {});
    await until(() => readerGot.length > 0 && ownerGot.length > 0);
    expect(readerGot).toEqual([{ id: j._id }]);
    // Every kind of change pushes.
    await saveJob(owner.api, cid, { _id: j._id, faultDescription: 'x' });
    await owner.api.post(`${jobsUrl(cid)}/${j._id}/comments`, { text: 'hi' });
    await owner.api.post(`${jobsUrl(cid)}/sortOrder`, [{ _id: j._id, sortOrder: 3 }]);
    await owner.api.post(`${jobsUrl(cid)}/${j._id}/delete`);
    await until(() => readerGot.length >= 5);
    expect(readerGot).toEqual(Array(5).fill({ id: j._id }));
    expect(otherGot).toEqual([]);
  });

  it('sends a big sortOrder as one { ids } message, a few as { id } each; no push for an image', async () => {
    const got = await joined(owner);
    const jobs = [];
    for (let i = 0; i < 21; i++) jobs.push(await buildJob(owner.api, cid, {}));
    await until(() => got.length >= 21);
    got.length = 0;
    const order = jobs.map((j, i) => ({ _id: j._id as string, sortOrder: i }));
    expect((await owner.api.post(`${jobsUrl(cid)}/sortOrder`, order)).status).toBe(200);
    await until(() => got.length > 0);
    const few = order.slice(0, 20);
    expect((await owner.api.post(`${jobsUrl(cid)}/sortOrder`, few)).status).toBe(200);
    await until(() => got.length >= 21);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await owner.api.upload(
      `${jobsUrl(cid)}/${jobs[0]._id}/images`,
      {},
      {
        file: { data: png, filename: 'a.png', type: 'image/png' },
      },
    );
    expect(up.status).toBe(200);
    await new Promise((res) => setTimeout(res, 300));
    expect(got[0]).toEqual({ ids: order.map((o) => o._id) });
    expect(got.slice(1)).toEqual(few.map((o) => ({ id: o._id })));
  });

  it('stops reaching a member whose group loses appointments r', async () => {
    const reader = await buildMember(h, cid, { appointments: { r: true } });
    const got = await joined(reader);
    const ownerGot = await joined(owner);
    await buildJob(owner.api, cid, {});
    await until(() => got.length > 0);
    expect(got).toHaveLength(1);
    const r = await owner.api.post(`/api/companies/${cid}/groups`, {
      _id: reader.groupId,
      name: `G ${reader.username}`,
      rights: { invoices: { r: true } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const before = ownerGot.length;
    const j = await buildJob(owner.api, cid, {});
    await until(() => ownerGot.length > before);
    await new Promise((res) => setTimeout(res, 200));
    expect(ownerGot.at(-1)).toEqual({ id: j._id });
    expect(got).toHaveLength(1);
  });
});
