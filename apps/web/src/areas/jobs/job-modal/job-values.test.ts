import { describe, expect, it } from 'vitest';
import {
  newComponent,
  newType,
  normaliseType,
  type TAppointment,
  type TAppointmentType,
  type TComponent,
} from '@fieldbook/core';
import { formLine } from '../../../ui/dynamic-form/form-values';
import {
  flagsFor,
  fromLocal,
  jobToValues,
  newJobValues,
  statusChoice,
  toLocal,
  valuesToSave,
} from './job-values';

const ZONE = 'Africa/Johannesburg';
let seq = 0;
function jobType(id: string, order: number, components: TComponent[] = []): TAppointmentType {
  const t = normaliseType(newType(() => `${id}-s${++seq}`));
  return { ...t, _id: id, order, components, updatedAt: '' } as unknown as TAppointmentType;
}

describe('the job modal values', () => {
  it("shows the company's clock whatever the browser's zone, and reads it back", () => {
    expect(toLocal('2026-03-01T06:30:00.000Z', ZONE)).toBe('2026-03-01T08:30');
    expect(fromLocal('2026-03-01T08:30', ZONE)).toBe('2026-03-01T06:30:00.000Z');
  });

  it("starts a new job unscheduled on the first type's first status, or the board's type", () => {
    const types = [jobType('b', 1), jobType('a', 0)];
    const v = newJobValues(types, { entityId: 'e1', clientName: 'Ann' }, Date.now(), ZONE);
    expect(v).toMatchObject({ appointmentTypeId: 'a', status: 'New', hasSchedule: false });
    expect(v).toMatchObject({ entityId: 'e1', clientName: 'Ann', updatedAt: null });
    expect(statusChoice(v)).toBe('');
    expect(newJobValues(types, null, Date.now(), ZONE, 'b').appointmentTypeId).toBe('b');
  });

  it('shows Scheduled for a scheduled job without a status', () => {
    expect(statusChoice({ hasSchedule: true, status: null })).toBe('Scheduled');
    expect(statusChoice({ hasSchedule: true, status: 'Done' })).toBe('Done');
  });

  it('sends an unscheduled job without a status, and its version', () => {
    const types = [jobType('a', 0)];
    const v = { ...newJobValues(types, null, Date.now(), ZONE), updatedAt: 'v1' };
    const body = valuesToSave(v, undefined, types[0], flagsFor(types[0], undefined, null), ZONE);
    expect(body).toMatchObject({ status: null, hasSchedule: false, updatedAt: 'v1' });
    expect(body.entityId).toBeNull();
    expect(body.userId).toBeNull();
  });

  it('leaves out the values of hidden components and the lines the user may not change', () => {
    const items = { ...newComponent([]), prop: 'lines', type: 'itemsSelect' } as TComponent;
    const secret = { ...newComponent(['lines']), prop: 'secret' } as TComponent;
    const t = jobType('a', 0, [items, secret]);
    const first = t.statuses[0]!;
    items.permissions = { [first.id]: { viewOnly: true } } as TComponent['permissions'];
    secret.permissions = { [first.id]: { hide: true } } as TComponent['permissions'];
    const job = {
      _id: 'j1',
      appointmentTypeId: 'a',
      status: first.name,
      hasSchedule: true,
      startDate: '2026-03-01T06:30:00.000Z',
      endDate: '2026-03-01T07:00:00.000Z',
      isAllDayEvent: false,
      sendClientReminder: false,
      userId: null,
      priority: '',
      faultDescription: '',
      resolution: '',
      updatedAt: 'v2',
      entityId: 'e1',
      clientName: 'Ann',
      clientSurname: 'Lee',
      assignedUsers: [{ userId: 'u1' }],
      lineItems: [],
      discount: { hasDiscount: false, discountType: 'percent', discountValue: 0 },
      values: { secret: 's', open: 'o' },
    } as unknown as TAppointment;
    const v = jobToValues(job, ZONE);
    expect(v).toMatchObject({ clientName: 'Ann Lee', assignedUsers: ['u1'], updatedAt: 'v2' });
    v.lineItems = [formLine({ description: 'Part', price: '' })];
    const body = valuesToSave(v, job, t, flagsFor(t, job, null), ZONE);
    expect(body.values).toEqual({ open: 'o' });
    expect(body).not.toHaveProperty('lineItems');
    expect(body).toMatchObject({ _id: 'j1', status: first.name, assignedUsers: ['u1'] });
    expect(body.startDate).toBe('2026-03-01T06:30:00.000Z');
  });
});
