import { expect } from 'vitest';
import { buildCompany, buildMember, type TestUser } from './factories.js';
import { buildClient, line } from './finance-factories.js';
import type { Harness } from './harness.js';
import { buildJob, buildType, jobsUrl, plumbingType, saveJob } from './jobs-helpers.js';

/**
 * The security review's setting: a technician whose group may not see the
 * notes, the prices, the comments or the assignee of a job in 'Quoted',
 * nor delete it there; 'Quoted' notifies the client on entry.
 */
export async function reviewCompany(h: Harness) {
  const c = await buildCompany(h);
  const cid = c.id;
  const owner = c.owner;
  const tech = await buildMember(h, cid, { appointments: { r: true, u: true, c: true, d: true } });
  const g = tech.groupId!;
  const t = plumbingType('Plumb');
  t.components.push({ prop: 'chat', label: 'Chat', type: 'comments' } as never);
  const hide = (flags: Record<string, boolean>) => ({ 'st-quoted': { groups: { [g]: flags } } });
  t.components = t.components.map((comp) =>
    comp.prop === 'notes'
      ? { ...comp, permissions: hide({ hide: true }) }
      : comp.prop === 'items'
        ? { ...comp, permissions: hide({ hideItemPrice: true }) }
        : comp.prop === 'chat'
          ? {
              ...comp,
              permissions: {
                ...hide({ hide: true }),
                'st-site': { groups: { [g]: { viewOnly: true } } },
              },
            }
          : comp,
  );
  t.statuses[1]!.permissions = { hideDeleteItem: true, hideAssignee: true };
  t.statuses[1]!.sendNotificationClient = true;
  const typeId = (await buildType(owner.api, cid, t))._id as string;
  const t2 = plumbingType('Other');
  t2.statuses = t2.statuses.map((s) => ({
    ...s,
    name: s.name === 'Quoted' ? 'Other quoted' : s.name,
  }));
  const otherTypeId = (await buildType(owner.api, cid, t2))._id as string;

  /** A job in 'Quoted' with notes, a priced line and the owner as assignee. */
  async function quotedJob(): Promise<string> {
    const client = await buildClient(owner.api, cid, {
      name: 'A',
      surname: 'B',
      email: 'a@example.com',
    });
    const j = await buildJob(owner.api, cid, {
      appointmentTypeId: typeId,
      status: 'New',
      startDate: '2026-12-01T08:00:00.000Z',
      endDate: '2026-12-01T09:00:00.000Z',
      entityId: client,
      userId: owner.id,
      lineItems: [line({ description: 'Valve', price: 777 })],
      values: { notes: 'TOPSECRET' },
    });
    const r = await saveJob(owner.api, cid, { ...j, status: 'Quoted' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return j._id as string;
  }
  const read = (u: TestUser, id: string) => u.api.get(`${jobsUrl(cid)}/activeJobs/${id}`);
  return { cid, owner, tech, typeId, otherTypeId, quotedJob, read };
}
