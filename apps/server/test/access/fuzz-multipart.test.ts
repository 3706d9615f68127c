import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZExpenseSave } from '@fieldbook/core';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { HOSTILE } from '../support/fuzz-values.js';

/**
 * DECISIONS §14 "no input makes the server answer 5xx" for the multipart
 * routes, which the route-table fuzz (fuzz-routes.test.ts) cannot drive with
 * JSON: hostile text in every multipart field, and in each field of the
 * expense form's `data` JSON.
 */

let h: Harness;
let cid: string;
let owner: TestUser;
let jobId: string;

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  const job = await owner.api.post(`/api/companies/${cid}/appointments`, {});
  jobId = job.body._id;
});
afterAll(() => h.close());

const TEXTS = HOSTILE.filter((v): v is string => typeof v === 'string').concat(
  '[[[[[[[[',
  '{"a":"\\u0000"}',
);

async function expectNo5xx(url: string, fields: Record<string, string>) {
  const r = await owner.api.upload(url, fields, {});
  expect(r.status, `${url} ${JSON.stringify(fields).slice(0, 200)}`).toBeLessThan(500);
}

describe('multipart routes', () => {
  it('answer no 5xx to hostile text in any field or field name', async () => {
    const urls = [
      '/api/companies',
      `/api/companies/${cid}/logo`,
      `/api/companies/${cid}/expenses`,
      `/api/people/${owner.id}/picture`,
      `/api/companies/${cid}/appointments/${jobId}/images`,
    ];
    for (const url of urls)
      for (const t of TEXTS) {
        await expectNo5xx(url, { companyName: t, data: t, file: t });
        await expectNo5xx(url, { [`k${t.slice(0, 20)}`]: 'x' });
      }
  });

  it('answer no 5xx to hostile idempotency keys on a job image', async () => {
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const url = `/api/companies/${cid}/appointments/${jobId}/images`;
    for (const key of [...TEXTS, 'fuzz-image-key-1', 'fuzz-image-key-1']) {
      const r = await owner.api
        .upload(
          url,
          { kind: key },
          { file: { data: PNG, filename: 'a.png', type: 'image/png' } },
          {
            'idempotency-key': key,
          },
        )
        .catch(() => null); // a value Node refuses to put in a header never reaches the server
      if (r) expect(r.status, key.slice(0, 50)).toBeLessThan(500);
    }
  });

  it("answer no 5xx to hostile values in each field of the expense form's data", async () => {
    const base = { expenseDate: '2026-11-02', description: 'Paper', price: 100 };
    for (const key of Object.keys(ZExpenseSave.shape))
      for (const value of HOSTILE)
        await expectNo5xx(`/api/companies/${cid}/expenses`, {
          data: JSON.stringify({ ...base, [key]: value }),
        });
  });
});

describe('a multipart body outside the upload routes', () => {
  it('is refused with 415, for a company of the caller and an unknown one alike', async () => {
    const own = await owner.api.upload(`/api/companies/${cid}/groups`, { name: 'Crew' }, {});
    const unknown = await owner.api.upload(
      `/api/companies/${crypto.randomUUID()}/groups`,
      { name: 'Crew' },
      {},
    );
    expect([own.status, unknown.status]).toEqual([415, 415]);
    // The upload routes, each in its own scope, still read theirs.
    const logo = await owner.api.upload(
      `/api/companies/${cid}/logo`,
      {},
      {
        logo: {
          data: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
          ),
          filename: 'logo.png',
          type: 'image/png',
        },
      },
    );
    expect(logo.status).toBe(200);
    expect(logo.body.companyLogo).toBeTruthy();
    expect((await owner.api.get(`/api/companies/${cid}/groups`)).status).toBe(200);
  });
});
