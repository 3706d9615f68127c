import { Badge, Group, Stack, Text } from '@mantine/core';
import { daysBetween, formatDate, type TInvoiceRow } from '@fieldbook/core';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** 'N days overdue' past the due date, else 'N days left' (dates in the company's zone). */
export function dueText(dueDate: string, today: string): { text: string; overdue: boolean } {
  const left = daysBetween(today, dueDate);
  return left < 0
    ? { text: `${days(-left)} overdue`, overdue: true }
    : { text: `${days(left)} left`, overdue: false };
}

type StateRow = Pick<
  TInvoiceRow,
  | 'isQuote'
  | 'paid'
  | 'dueDate'
  | 'sent'
  | 'emailCount'
  | 'queuedForSending'
  | 'queuedForSendingError'
> &
  Partial<Pick<TInvoiceRow, 'resolvedAt' | 'amountPaid'>>;

/** A row's state: quote, paid or un-paid (with days due), and its sending state. */
export function InvoiceStateBadge({
  row,
  today,
  timeZone,
}: {
  row: StateRow;
  today: string;
  timeZone: string;
}) {
  const due = !row.isQuote && !row.paid ? dueText(row.dueDate, today) : null;
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={6} wrap="wrap">
        {row.isQuote ? (
          <Badge color="gray" variant="light">
            quote
          </Badge>
        ) : row.paid ? (
          <Badge color="green" variant="light">
            paid
          </Badge>
        ) : (row.amountPaid ?? 0) > 0 ? (
          // Paid in part (DECISIONS §16): the balance is still due.
          <Badge color="yellow" variant="light">
            part paid
          </Badge>
        ) : (
          <Badge color="orange" variant="light">
            un-paid
          </Badge>
        )}
        {row.resolvedAt && (
          // Marked resolved to the accounting package by an export's Resolve all or Process.
          <Badge
            color="teal"
            variant="outline"
            size="sm"
            title="Resolved to the accounting package"
          >
            Resolved
          </Badge>
        )}
        {due && (
          <Text size="xs" c={due.overdue ? 'red' : 'dimmed'} fw={due.overdue ? 600 : 400}>
            {due.text}
          </Text>
        )}
      </Group>
      {row.queuedForSending && (
        <Badge color="blue" variant="dot" size="sm">
          Sending...
        </Badge>
      )}
      {row.queuedForSendingError && (
        // A long SMTP error is cut short on the row; the whole text is in its tooltip.
        <Badge color="red" variant="filled" size="sm" maw={260} title={row.queuedForSendingError}>
          {row.queuedForSendingError}
        </Badge>
      )}
      {row.sent && (
        <Text size="xs" c="dimmed">
          Sent {formatDate(row.sent, timeZone)} · e-mailed {row.emailCount}×
        </Text>
      )}
    </Stack>
  );
}
