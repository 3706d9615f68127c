// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import {
  StatementPeriodChooser,
  WHOLE_ACCOUNT,
  isWholeAccount,
  statementPeriodErrors,
  statementPeriodSearch,
  type StatementPeriodValue,
} from './statement-period';

describe('a statement period', () => {
  it.each([
    [{ from: '', to: '' }, ''],
    [{ from: '2026-02-01', to: '' }, '?from=2026-02-01'],
    [{ from: '', to: '2026-02-28' }, '?to=2026-02-28'],
    [{ from: '2026-02-01', to: '2026-02-28' }, '?from=2026-02-01&to=2026-02-28'],
  ])('%o is asked for as %s', (p, search) => {
    expect(statementPeriodSearch(p)).toBe(search);
    expect(isWholeAccount(p)).toBe(search === '');
  });

  it('is refused, on From, when From is after To, by the server’s own contract', () => {
    expect(statementPeriodErrors({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      from: 'From must be on or before to',
    });
    expect(statementPeriodErrors({ from: '2026-03-01', to: '2026-03-01' })).toEqual({});
    expect(statementPeriodErrors({ from: '', to: '2026-03-01' })).toEqual({});
    expect(statementPeriodErrors(WHOLE_ACCOUNT)).toEqual({});
    expect(statementPeriodErrors({ from: '', to: '2026-02-30' })).toEqual({
      to: 'To must be a date (YYYY-MM-DD)',
    });
  });
});

/** The chooser with its own state, as a screen holds it; `seen` records every change. */
function Harness({ seen }: { seen: StatementPeriodValue[] }) {
  const [p, setP] = useState(WHOLE_ACCOUNT);
  return (
    <MantineProvider>
      <StatementPeriodChooser
        value={p}
        onChange={(next) => {
          seen.push(next);
          setP(next);
        }}
      />
      <output data-testid="search">{statementPeriodSearch(p)}</output>
    </MantineProvider>
  );
}

describe('the period chooser', () => {
  afterEach(cleanup);

  it('sets From and To as dates, says when From is after To, and goes back to the whole account', () => {
    const seen: StatementPeriodValue[] = [];
    render(<Harness seen={seen} />);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from.getAttribute('type')).toBe('date');
    expect(to.getAttribute('type')).toBe('date');
    expect(screen.queryByRole('button', { name: 'Whole account' })).toBeNull();

    fireEvent.change(from, { target: { value: '2026-02-01' } });
    fireEvent.change(to, { target: { value: '2026-02-28' } });
    expect(seen).toEqual([
      { from: '2026-02-01', to: '' },
      { from: '2026-02-01', to: '2026-02-28' },
    ]);
    expect(screen.getByTestId('search').textContent).toBe('?from=2026-02-01&to=2026-02-28');
    // The browser's own picker keeps To on or after From.
    expect(to.getAttribute('min')).toBe('2026-02-01');
    expect(from.getAttribute('max')).toBe('2026-02-28');
    expect(screen.queryByText('From must be on or before to')).toBeNull();

    fireEvent.change(from, { target: { value: '2026-03-01' } });
    expect(screen.getByText('From must be on or before to')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');

    // Emptied, a date is no bound.
    fireEvent.change(to, { target: { value: '' } });
    expect(screen.getByTestId('search').textContent).toBe('?from=2026-03-01');
    expect(screen.queryByText('From must be on or before to')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Whole account' }));
    expect(seen.at(-1)).toEqual(WHOLE_ACCOUNT);
    expect(screen.getByTestId('search').textContent).toBe('');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
  });
});
