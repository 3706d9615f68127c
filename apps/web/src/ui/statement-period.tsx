import { Button, Group, Stack, TextInput } from '@mantine/core';
import { ZStatementPeriodQuery } from '@fieldbook/core';
import { contractErrors } from './contract-errors';

/** A statement's period as the chooser holds it: YYYY-MM-DD, '' for no bound. */
export interface StatementPeriodValue {
  from: string;
  to: string;
}

export const WHOLE_ACCOUNT: StatementPeriodValue = { from: '', to: '' };

/** Whether the period is the whole account (no bound at all). */
export const isWholeAccount = (p: StatementPeriodValue) => !p.from && !p.to;

/**
 * Why the server would refuse the period, by the same contract it checks
 * (`ZStatementPeriodQuery`): { from: 'From must be on or before to' }, {} when it may go.
 */
export function statementPeriodErrors(
  p: StatementPeriodValue,
): Partial<Record<'from' | 'to', string>> {
  return contractErrors(
    ZStatementPeriodQuery,
    { from: p.from || undefined, to: p.to || undefined },
    { from: 'From', to: 'To' },
  );
}

/** The query string of a statement's period ('?from=…&to=…'), '' for the whole account. */
export function statementPeriodSearch(p: StatementPeriodValue): string {
  const q = new URLSearchParams();
  if (p.from) q.set('from', p.from);
  if (p.to) q.set('to', p.to);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * From and To of a statement (docs/portal.md, "Statements of a period"):
 * empty means no bound, both empty the whole account. Native date inputs, so
 * a phone shows its own date picker; at 390 px both fit on one line.
 */
export function StatementPeriodChooser({
  value,
  onChange,
}: {
  value: StatementPeriodValue;
  onChange: (p: StatementPeriodValue) => void;
}) {
  const errors = statementPeriodErrors(value);
  return (
    <Stack gap={4} role="group" aria-label="Statement period">
      {/* Tops aligned: an error under one date does not shift the other. */}
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          size="sm"
          label="From"
          style={{ flex: '1 1 140px' }}
          value={value.from}
          max={value.to || undefined}
          error={errors.from}
          onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          size="sm"
          label="To"
          style={{ flex: '1 1 140px' }}
          value={value.to}
          min={value.from || undefined}
          error={errors.to}
          onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
        />
      </Group>
      {!isWholeAccount(value) && (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange(WHOLE_ACCOUNT)}
        >
          Whole account
        </Button>
      )}
    </Stack>
  );
}
