import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Temporal } from 'temporal-polyfill';
import { ymdOfInstant, type TJobCard } from '@fieldbook/core';
import { eventTitle, readDayStart } from './calendar-time';

interface ScheduleAtModalProps {
  card: TJobCard | null;
  timeZone: string;
  /** The day the calendar shows (null: today); offered at the 'Day starts' time. */
  day: string | null;
  onClose: () => void;
  onSchedule: (card: TJobCard, start: Date) => void;
}

/**
 * 'Schedule…' for a finger or a keyboard: a date and time in the company's
 * zone; the job then lasts an hour, as a drop on the calendar does.
 */
export function ScheduleAtModal({
  card,
  timeZone,
  day,
  onClose,
  onSchedule,
}: ScheduleAtModalProps) {
  const [value, setValue] = useState(
    () => `${day ?? ymdOfInstant(Date.now(), timeZone)}T${readDayStart()}`,
  );
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    try {
      const start = Temporal.PlainDateTime.from(value).toZonedDateTime(timeZone);
      if (card) onSchedule(card, new Date(start.epochMilliseconds));
      onClose();
    } catch {
      setError('Choose a date and time');
    }
  };
  return (
    <Modal opened={!!card} onClose={onClose} title="Schedule job">
      <Stack>
        {card && <Text size="sm">{eventTitle(card)}</Text>}
        <TextInput
          type="datetime-local"
          label="Start"
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit}>Schedule</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
