import { describe, expect, it } from 'vitest';
import type { TAppointmentType } from '@fieldbook/core';
import { conflictLabel, conflictValue } from './job-sync-words';

const type = {
  components: [{ prop: 'serial', label: 'Geyser serial number' }],
} as unknown as TAppointmentType;

describe('conflict words', () => {
  it('names a form value by its component and a job field as the modal does', () => {
    expect(conflictLabel('values.serial', type)).toBe('Geyser serial number');
    expect(conflictLabel('values.gone', type)).toBe('gone');
    expect(conflictLabel('resolution')).toBe('Resolution');
    expect(conflictLabel('status')).toBe('Status');
  });

  it('shows values as a technician reads them', () => {
    expect(conflictValue('')).toBe('(empty)');
    expect(conflictValue(null)).toBe('(empty)');
    expect(conflictValue(true)).toBe('Yes');
    expect(conflictValue(['a', 'b'])).toBe('2 items');
    expect(conflictValue(['a'])).toBe('1 item');
    expect(conflictValue('Fixed')).toBe('Fixed');
  });
});
