import '@mantine/dates/styles.css';
import {
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import {
  MONTH_NAMES,
  WEEKDAY_NAMES,
  nextRuns,
  splitYmd,
  weekdayOf,
  ymdWithWeekday,
  type TRecurringFrequency,
} from '@fieldbook/core';
import { previewRule, type Ends, type MonthMode, type RuleValues } from './recurring-values';

const FREQUENCIES: { value: TRecurringFrequency; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];
const WEEKDAYS = WEEKDAY_NAMES.map((label, i) => ({ value: String(i), label }));
const MONTHS = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const NTH = [
  { value: '1', label: '1st' },
  { value: '2', label: '2nd' },
  { value: '3', label: '3rd' },
  { value: '4', label: '4th' },
  { value: '-1', label: 'Last' },
];

interface RuleFieldsProps {
  form: UseFormReturnType<RuleValues>;
  /** Today in the company's time zone. */
  today: string;
  lastRunDate: string | null;
}

/**
 * The rule (start date, frequency, every N, weekday, day of month or Nth
 * weekday, month, ends), Active, and under it the next five dates it will
 * run, computed live with core's `nextRuns` as the server does.
 */
export function RuleFields({ form, today, lastRunDate }: RuleFieldsProps) {
  const v = form.values;
  const type = v.recurringType;
  const rule = previewRule(v);
  const upcoming = rule ? nextRuns(rule, { today, active: true, lastRunDate }) : [];
  const unit = FREQUENCIES.find((f) => f.value === type)!.label.toLowerCase();
  const select = (path: keyof RuleValues) => {
    const p = form.getInputProps(path);
    // A select cannot be emptied into a broken rule.
    return { ...p, allowDeselect: false, onChange: (x: string | null) => x && p.onChange(x) };
  };

  // The weekday, day and month follow a new start date (as calendars do); pick them after it.
  const setStart = (d: string) => {
    const { day, month } = splitYmd(d);
    form.setValues({
      startDate: d,
      dayOfWeek: String(weekdayOf(d)),
      dayOfMonth: String(day),
      monthOfYear: String(month),
    });
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
        <DateInput
          label="Start date"
          valueFormat="YYYY-MM-DD"
          withAsterisk
          {...form.getInputProps('startDate')}
          onChange={(d) => d && setStart(d)}
        />
        <Select label="Frequency" data={FREQUENCIES} {...select('recurringType')} />
        <NumberInput
          label="Every"
          min={1}
          max={100}
          allowDecimal={false}
          suffix={` ${unit}${Number(v.every) === 1 ? '' : 's'}`}
          {...form.getInputProps('every')}
          error={form.errors.every ?? form.errors.separationCount}
        />
        {type === 'year' && <Select label="Month" data={MONTHS} {...select('monthOfYear')} />}
        {(type === 'month' || type === 'year') && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              On
            </Text>
            <SegmentedControl
              aria-label="Day of month or weekday"
              fullWidth
              data={[
                { value: 'day', label: 'Day' },
                { value: 'nth', label: 'Weekday' },
              ]}
              value={v.monthMode}
              onChange={(x) => form.setFieldValue('monthMode', x as MonthMode)}
            />
          </Stack>
        )}
        {(type === 'month' || type === 'year') && v.monthMode === 'day' && (
          <Select
            label="Day of month"
            description={Number(v.dayOfMonth) > 28 ? 'Shorter months: their last day' : undefined}
            data={DAYS}
            {...select('dayOfMonth')}
          />
        )}
        {(type === 'month' || type === 'year') && v.monthMode === 'nth' && (
          <Select label="Week of month" data={NTH} {...select('weekOfMonth')} />
        )}
        {(type === 'week' || ((type === 'month' || type === 'year') && v.monthMode === 'nth')) && (
          <Select label="Weekday" data={WEEKDAYS} {...select('dayOfWeek')} />
        )}
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Ends
        </Text>
        <SegmentedControl
          aria-label="Ends"
          w="fit-content"
          data={[
            { value: 'never', label: 'Never' },
            { value: 'count', label: 'After' },
            { value: 'date', label: 'On date' },
          ]}
          value={v.ends}
          onChange={(x) => form.setFieldValue('ends', x as Ends)}
        />
      </Stack>
      {v.ends === 'count' && (
        <NumberInput
          label="Occurrences"
          maw={200}
          min={1}
          max={1000}
          allowDecimal={false}
          {...form.getInputProps('maxOccurrences')}
        />
      )}
      {v.ends === 'date' && (
        <DateInput
          label="End date"
          maw={240}
          valueFormat="YYYY-MM-DD"
          {...form.getInputProps('endDate')}
        />
      )}
      <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
      <Paper withBorder p="sm" bg="gray.0">
        <Group gap="xl" mb="xs">
          <Text size="sm">
            Next Run:{' '}
            <b data-testid="recurring-next-run">
              {v.active ? (upcoming[0] ?? 'Ended') : 'Disabled'}
            </b>
          </Text>
          <Text size="sm">
            Last Run: <b data-testid="recurring-last-run">{lastRunDate ?? 'Never'}</b>
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          The next five dates it will run
        </Text>
        {upcoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            {rule ? 'None: the rule has ended.' : 'Complete the rule to see its dates.'}
          </Text>
        ) : (
          <List size="sm" data-testid="recurring-next-runs" spacing={2}>
            {upcoming.map((d) => (
              <List.Item key={d}>{ymdWithWeekday(d)}</List.Item>
            ))}
          </List>
        )}
      </Paper>
    </Stack>
  );
}
