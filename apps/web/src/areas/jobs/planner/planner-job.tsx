import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { cardText, formatTime, priorityBorder, type TJobCard } from '@fieldbook/core';
import { usePhone } from '../../../ui/use-phone';

/** The time a job shows in the planner: 'All day', or start-end as HH:mm in the company's zone. */
export function plannerTime(card: TJobCard, timeZone: string): string {
  if (card.isAllDayEvent) return 'All day';
  return `${formatTime(card.startDate, timeZone)}–${formatTime(card.endDate, timeZone)}`;
}

const clientOf = (c: TJobCard) => [c.clientName, c.clientSurname].filter(Boolean).join(' ');

/** One job of the planner: a big button (a finger's width on a phone) that opens it. */
export function PlannerJob({
  card,
  timeZone,
  onOpen,
}: {
  card: TJobCard;
  timeZone: string;
  onOpen: (id: string) => void;
}) {
  const border = priorityBorder(card.priority);
  const time = plannerTime(card, timeZone);
  const client = clientOf(card);
  const phone = usePhone();
  const status = (
    <Badge variant="light" style={{ flexShrink: 0 }} data-testid="planner-status">
      {card.shownStatus}
    </Badge>
  );
  const timeText = (
    <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="planner-time">
      {time}
    </Text>
  );
  const details = (
    <>
      {card.faultDescription && <Text size="sm">{cardText(card.faultDescription)}</Text>}
      {card.address && (
        <Text size="sm" c="dimmed">
          {card.address}
        </Text>
      )}
    </>
  );
  const title = (
    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
      {card.appointmentNumber}
      {client && ` · ${client}`}
    </Text>
  );
  return (
    <Paper
      withBorder
      radius="md"
      role="listitem"
      data-testid="planner-job"
      // The priority stripe is an inset shadow inside the padding, not a wider
      // border, so every row's text starts at the same place.
      style={
        border
          ? { boxShadow: `inset ${border.width}px 0 0 var(--mantine-color-${border.color}-6)` }
          : undefined
      }
    >
      <UnstyledButton w="100%" p="sm" mih={56} onClick={() => onOpen(card._id)}>
        {phone ? (
          // A phone: the time and status on top, the job below, nothing cut short.
          <Stack gap={2}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {timeText}
              {status}
            </Group>
            {title}
            {details}
          </Stack>
        ) : (
          <Group wrap="nowrap" align="flex-start" gap="md">
            <div style={{ width: 104, flexShrink: 0 }}>{timeText}</div>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                {title}
                {status}
              </Group>
              {details}
            </Stack>
          </Group>
        )}
      </UnstyledButton>
    </Paper>
  );
}
