/**
 * A finger drags a card on a touch screen wide enough for columns side by
 * side (a tablet): press, hold past the sensor's delay, slide, lift. Touch
 * events go through CDP, as Playwright has no touch-move of its own.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusNode } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
let owner: TestUser;
let cid: string;
let typeId: string;
let num: string;
beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'touchy', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  const t = await owner.api.post(`/api/companies/${cid}/appointments/types`, {
    name: 'Repairs',
    description: '',
    order: 0,
    statuses: [
      statusNode('a', 'New', 0, ['b']),
      statusNode('b', 'Booked', 1, ['c']),
      statusNode('c', 'Done', 2, []),
    ],
    components: [],
  });
  typeId = t.body._id;
  const s = new Date(Date.now() + 86400000).toISOString();
  const r = await owner.api.post(`/api/companies/${cid}/appointments`, {
    appointmentTypeId: typeId,
    hasSchedule: true,
    startDate: s,
    endDate: s,
    status: 'New',
    faultDescription: 'x',
  });
  num = r.body.appointmentNumber;
});
afterAll(() => e.close());

it('a card held and slid with a finger moves to another column and is saved', async () => {
  const context = await e.browser.newContext({
    baseURL: e.baseUrl,
    viewport: { width: 1400, height: 900 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, 'touchy', 'owner password 1');
  await page.goto(`/statuses?types=${typeId}`);
  const card = page.locator(`[data-job="${num}"] [data-testid="job-card-handle"]`);
  await card.waitFor();
  const from = (await card.boundingBox())!;
  const to = (await page.locator('[data-column="Booked"]').boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const pt = (x: number, y: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: pt(from.x + 30, from.y + 10),
  });
  // The board's live region (dnd-kit's announcements) says when the press has
  // picked the card up: it is over its own column then.
  const said = (text: string) =>
    page
      .locator('[id^="DndLiveRegion"]')
      .getByText(text, { exact: true })
      .waitFor({ state: 'attached' });
  await said(`Job ${num} is over New.`);
  for (let i = 1; i <= 10; i++) {
    const x = from.x + 30 + ((to.x + 100 - from.x - 30) * i) / 10;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: pt(x, from.y + 10 + i * 10),
    });
  }
  await said(`Job ${num} is over Booked.`);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect
    .poll(() => page.locator(`[data-column="Booked"] [data-job="${num}"]`).count())
    .toBe(1);
  await expect
    .poll(async () => {
      const jobs = await owner.api.get(`/api/companies/${cid}/appointments/activeJobs`);
      return jobs.body.find((j: { appointmentNumber: string }) => j.appointmentNumber === num)
        ?.status;
    })
    .toBe('Booked');
  await context.close();
});
