import { describe, expect, it } from 'vitest';
import { statusAfterTypeMove, typeInUse, typeMoveEntry } from './type-delete.js';

const to = [{ name: 'Booked' }, { name: 'Job Done' }];

describe('deleting a type (issue 19 B4)', () => {
  it('keeps a status the new type has, else takes its first; none stays none', () => {
    expect(statusAfterTypeMove('Job Done', to)).toBe('Job Done');
    expect(statusAfterTypeMove('Quoted', to)).toBe('Booked');
    expect(statusAfterTypeMove(null, to)).toBeNull();
  });

  it('names what uses the type', () => {
    expect(typeInUse(1, 0)).toBe('1 job uses this type: choose a type to move them to');
    expect(typeInUse(3, 2)).toBe(
      '3 jobs and 2 recurring jobs use this type: choose a type to move them to',
    );
    expect(typeInUse(0, 1)).toBe('1 recurring job uses this type: choose a type to move them to');
    expect(typeMoveEntry('Geyser', 'Booking')).toBe('Type Geyser deleted: moved to type Booking');
  });
});
