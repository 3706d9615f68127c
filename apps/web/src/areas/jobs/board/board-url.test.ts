import { describe, expect, it } from 'vitest';
import { readBoardParams, writeBoardParams } from './board-url';

const read = (q: string) => readBoardParams(new URLSearchParams(q));

describe('the board in the address', () => {
  it('shows the statuses, all types, everyone and every status when the address says nothing', () => {
    expect(read('')).toEqual({
      view: 'statuses',
      types: [],
      users: null,
      statuses: null,
      sort: 'importance',
      date: null,
      cal: null,
      span: 'day',
      col: null,
      start: null,
    });
  });

  it('reads lists, the view, the sort, the date, the calendar view and the span', () => {
    const p = read(
      'view=planner&types=a,b&users=&statuses=Open&sort=id&date=2026-03-04&cal=timeGridWeek&span=week&col=Open&start=9',
    );
    expect(p).toMatchObject({
      view: 'planner',
      types: ['a', 'b'],
      users: [],
      statuses: ['Open'],
      sort: 'id',
      date: '2026-03-04',
      cal: 'timeGridWeek',
      span: 'week',
      col: 'Open',
      start: 9,
    });
  });

  it('ignores what it does not know', () => {
    const p = read('view=nope&sort=x&date=04/03/2026&cal=year&span=month&start=18');
    expect(p).toMatchObject({ view: 'statuses', sort: 'importance', date: null, cal: null });
    expect(p).toMatchObject({ span: 'day', start: null });
    expect(read('start=6').start).toBeNull();
    expect(read('start=7.5').start).toBeNull();
    expect(read('start=17').start).toBe(17);
  });

  it("writes a change, drops what is null and keeps the job modal's parameter", () => {
    const next = writeBoardParams(new URLSearchParams('job=j1&users=u1&view=schedule'), {
      users: null,
      types: ['a', 'b'],
      view: 'route',
    });
    expect(next.get('job')).toBe('j1');
    expect(next.has('users')).toBe(false);
    expect(next.get('types')).toBe('a,b');
    expect(read(next.toString())).toMatchObject({ view: 'route', types: ['a', 'b'], users: null });
  });
});
