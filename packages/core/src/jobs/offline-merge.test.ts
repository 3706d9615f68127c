import { describe, expect, it } from 'vitest';
import {
  applyJobPatch,
  combinePatches,
  diffJob,
  mergeJobChange,
  resolveJobMerge,
} from './offline-merge.js';

const job = {
  status: 'Scheduled',
  hasSchedule: true,
  startDate: '2026-12-02T08:00:00.000Z',
  endDate: '2026-12-02T09:00:00.000Z',
  isAllDayEvent: false,
  sendClientReminder: false,
  priority: '',
  userId: null,
  entityId: 'c1',
  faultDescription: 'Leak',
  resolution: '',
  to: '',
  toEmail: '',
  address: '',
  assignedUsers: [{ userId: 'u2', name: 'B' }],
  lineItems: [],
  discount: { hasDiscount: false, discountType: 'Amount' as const, discountValue: 0 },
  values: { notes: 'a', photos: ['f1'] },
};

describe('diffJob', () => {
  it('keeps only what changed, status with its schedule flag, values by prop', () => {
    const patch = diffJob(job, {
      status: 'Job Done',
      hasSchedule: true,
      faultDescription: 'Leak',
      resolution: 'Fixed',
      assignedUsers: ['u2'],
      values: { notes: 'a', photos: ['f1', 'local:p2'] },
    });
    expect(patch).toEqual({
      status: 'Job Done',
      hasSchedule: true,
      resolution: 'Fixed',
      values: { photos: ['f1', 'local:p2'] },
    });
  });

  it('is empty when nothing changed', () => {
    expect(diffJob(job, { status: 'Scheduled', values: { notes: 'a' } })).toEqual({});
  });
});

describe('combinePatches', () => {
  it('lets the later change of a field win and merges values by prop', () => {
    expect(
      combinePatches(
        { resolution: 'x', values: { a: 1 } },
        { resolution: 'y', values: { b: true } },
      ),
    ).toEqual({ resolution: 'y', values: { a: 1, b: true } });
  });
});

describe('mergeJobChange', () => {
  it('sends the fields only the phone changed and keeps what the office changed elsewhere', () => {
    const theirs = { ...job, faultDescription: 'Leak under sink', values: { ...job.values } };
    const m = mergeJobChange(job, { resolution: 'Fixed', values: { notes: 'b' } }, theirs);
    expect(m.conflicts).toEqual([]);
    expect(m.patch).toEqual({ resolution: 'Fixed', values: { notes: 'b' } });
  });

  it('names each field both sides changed, with both values', () => {
    const theirs = {
      ...job,
      resolution: 'Office note',
      status: 'En route',
      values: { notes: 'office', photos: ['f1'] },
    };
    const mine = {
      resolution: 'Fixed',
      status: 'Job Done',
      hasSchedule: true,
      values: { notes: 'mine', photos: ['f1', 'f2'] },
    };
    const m = mergeJobChange(job, mine, theirs);
    expect(m.conflicts).toEqual([
      { field: 'resolution', mine: 'Fixed', theirs: 'Office note' },
      { field: 'status', mine: 'Job Done', theirs: 'En route' },
      { field: 'values.notes', mine: 'mine', theirs: 'office' },
    ]);
    expect(m.patch).toEqual({ values: { photos: ['f1', 'f2'] } });
    expect(resolveJobMerge(m, mine, new Set(['status', 'values.notes']))).toEqual({
      status: 'Job Done',
      hasSchedule: true,
      values: { photos: ['f1', 'f2'], notes: 'mine' },
    });
    expect(resolveJobMerge(m, mine, new Set())).toEqual({ values: { photos: ['f1', 'f2'] } });
  });

  it('sends nothing for a field the server already has at the phone value', () => {
    const theirs = { ...job, resolution: 'Fixed' };
    expect(mergeJobChange(job, { resolution: 'Fixed' }, theirs)).toEqual({
      patch: {},
      conflicts: [],
    });
  });

  it('compares assignees as a set of ids and Unscheduled as one place', () => {
    const theirs = { ...job, hasSchedule: false, status: 'Scheduled', assignedUsers: [] };
    const m = mergeJobChange(job, { assignedUsers: ['u3'], hasSchedule: false }, theirs);
    expect(m.conflicts).toEqual([{ field: 'assignedUsers', mine: ['u3'], theirs: [] }]);
    expect(m.patch).toEqual({});
  });
});

describe('applyJobPatch', () => {
  it('shows the waiting change over the job, with the shown status and values merged', () => {
    const shown = applyJobPatch(
      { ...job, shownStatus: 'Scheduled' },
      {
        status: 'Job Done',
        hasSchedule: true,
        values: { sig: 'local:1' },
        assignedUsers: ['u2', 'u9'],
      },
    );
    expect(shown.shownStatus).toBe('Job Done');
    expect(shown.values).toEqual({ notes: 'a', photos: ['f1'], sig: 'local:1' });
    expect(shown.assignedUsers).toEqual([
      { userId: 'u2', name: 'B' },
      { userId: 'u9', name: '' },
    ]);
    expect(
      applyJobPatch({ ...job, shownStatus: 'Scheduled' }, { hasSchedule: false }).shownStatus,
    ).toBe('Unscheduled');
  });
});
