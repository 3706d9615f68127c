import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { statusNode, type TAppointmentTypeSave, type TStatusInput } from '@fieldbook/core';
import type { ApiClient, Loose } from './factories.js';

export const typesUrl = (cid: string) => `/api/companies/${cid}/appointments/types`;
export const jobsUrl = (cid: string) => `/api/companies/${cid}/appointments`;

/**
 * A four-status workflow New -> Quoted -> On site -> Job Done (final), with
 * the fields the tests read: a text 'notes', a signature, images, items and
 * a client. `extra` changes statuses by name.
 */
export function plumbingType(
  name = `Geyser ${randomUUID().slice(0, 6)}`,
  extra: Record<string, Partial<TStatusInput>> = {},
): TAppointmentTypeSave {
  const s = (id: string, n: string, col: number, links: string[]) =>
    statusNode(id, n, col, links, extra[n] ?? {});
  return {
    name,
    description: 'Geyser replacement',
    statuses: [
      s('st-new', 'New', 0, ['st-quoted']),
      s('st-quoted', 'Quoted', 1, ['st-site']),
      s('st-site', 'On site', 2, ['st-done']),
      s('st-done', 'Job Done', 3, []),
    ],
    components: [
      { prop: 'client', label: 'Client', type: 'clientSelect' },
      { prop: 'notes', label: 'Notes', type: 'text' },
      { prop: 'sig', label: 'Signature', type: 'signiture' },
      { prop: 'photos', label: 'Photos', type: 'images' },
      { prop: 'items', label: 'Items', type: 'itemsSelect' },
    ],
  };
}

/** Saves a type through the API; answers its stored form. */
export async function buildType(
  api: ApiClient,
  cid: string,
  t: TAppointmentTypeSave = plumbingType(),
): Promise<Loose> {
  const r = await api.post(typesUrl(cid), t);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const list = await api.get(typesUrl(cid));
  return (list.body as Loose[]).find((x) => x._id === r.body._id);
}

/** Saves a job; answers the API's answer (status and body). */
export const saveJob = (api: ApiClient, cid: string, body: Record<string, unknown>) =>
  api.post(jobsUrl(cid), body);

/** Saves a job that must succeed; answers the job as read back. */
export async function buildJob(
  api: ApiClient,
  cid: string,
  body: Record<string, unknown>,
): Promise<Loose> {
  const r = await saveJob(api, cid, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const got = await api.get(`${jobsUrl(cid)}/activeJobs/${r.body._id}`);
  expect(got.status).toBe(200);
  return got.body;
}
