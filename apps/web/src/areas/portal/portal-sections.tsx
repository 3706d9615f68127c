import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, type TPortalDocument, type TPortalView } from '@fieldbook/core';
import { portalPdfUrl } from '../../api/use-portal';
import { jobWhen } from './portal-text';
import { QuoteAnswerButtons, QuoteAnswered } from './quote-answer';

const STATUS_COLOR: Record<TPortalDocument['status'], string> = {
  Unpaid: 'gray',
  'Partly paid': 'yellow',
  Paid: 'green',
};

/** A titled card of rows, or a line saying there is nothing. */
function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const id = `portal-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card padding="lg" shadow="sm" component="section" aria-labelledby={id}>
      <Title id={id} order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={0} role="list" aria-label={title}>
          {children}
        </Stack>
      )}
    </Card>
  );
}

/** One row of a section: what it is on the left, its figures and action on the right, more below. */
function Row({
  first,
  left,
  right,
  below,
}: {
  first: boolean;
  left: ReactNode;
  right: ReactNode;
  below?: ReactNode;
}) {
  return (
    <div role="listitem">
      {!first && <Divider my="sm" />}
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {left}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          {right}
        </Group>
      </Group>
      {below && <div style={{ marginTop: 8 }}>{below}</div>}
    </div>
  );
}

/** Invoices or quotes: number, dates, state, and their page to view, print and pay. */
export function PortalDocuments({
  title,
  docs,
  empty,
  quotes,
}: {
  title: string;
  docs: TPortalDocument[];
  empty: string;
  /** Quotes: the client may answer them (the link's token, the company's terms and zone). */
  quotes?: { token: string; terms: string; timeZone: string };
}) {
  return (
    <Section title={title} count={docs.length} empty={empty}>
      {docs.map((d, i) => {
        const owes = !quotes && d.balance > 0;
        const action = quotes
          ? d.depositDue > 0
            ? 'View & pay deposit'
            : 'View'
          : owes
            ? 'View & pay'
            : 'View';
        return (
          <Row
            key={d._id}
            first={i === 0}
            left={
              <>
                <Group gap="xs">
                  <Text fw={600}>{d.number || (quotes ? 'Quote' : 'Invoice')}</Text>
                  {quotes && <QuoteAnswered doc={d} timeZone={quotes.timeZone} />}
                  {!quotes && (
                    <Badge size="sm" color={d.overdue ? 'red' : STATUS_COLOR[d.status]}>
                      {d.overdue ? 'Overdue' : d.status}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {d.date} · {quotes ? 'valid until' : 'due'} {d.dueDate}
                  {quotes && d.depositDue > 0 && ` · deposit due ${formatMoney(d.depositDue)}`}
                </Text>
              </>
            }
            below={
              quotes && <QuoteAnswerButtons token={quotes.token} doc={d} terms={quotes.terms} />
            }
            right={
              <>
                <Stack gap={0} align="flex-end">
                  <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(owes ? d.balance : d.total)}
                  </Text>
                  {owes && d.balance !== d.total && (
                    <Text size="xs" c="dimmed">
                      of {formatMoney(d.total)}
                    </Text>
                  )}
                </Stack>
                <Button
                  component={Link}
                  to={d.link}
                  size="xs"
                  variant={owes || d.depositDue > 0 ? 'filled' : 'default'}
                  aria-label={`${action} ${d.number}`}
                >
                  {action}
                </Button>
              </>
            }
          />
        );
      })}
    </Section>
  );
}

export function PortalJobs({ jobs, timeZone }: { jobs: TPortalView['jobs']; timeZone: string }) {
  return (
    <Section title="Upcoming jobs" count={jobs.length} empty="No jobs booked.">
      {jobs.map((j, i) => (
        <Row
          key={j.number}
          first={i === 0}
          left={
            <>
              <Text fw={600}>{jobWhen(j, timeZone)}</Text>
              <Text size="xs" c="dimmed">
                {j.type} · {j.number}
                {j.address && ` · ${j.address}`}
              </Text>
            </>
          }
          right={
            <Text size="sm">
              {j.technicians.length > 0 ? j.technicians.join(', ') : 'Technician to be confirmed'}
            </Text>
          }
        />
      ))}
    </Section>
  );
}

export function PortalCreditNotes({
  token,
  notes,
}: {
  token: string;
  notes: TPortalView['creditNotes'];
}) {
  return (
    <Section title="Credit notes" count={notes.length} empty="No credit notes.">
      {notes.map((n, i) => (
        <Row
          key={n._id}
          first={i === 0}
          left={
            <>
              <Text fw={600}>{n.number}</Text>
              <Text size="xs" c="dimmed">
                {n.date} · on {n.invoiceNumber} · {n.reason}
              </Text>
            </>
          }
          right={
            <>
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(n.total)}
              </Text>
              <Anchor
                href={portalPdfUrl(token, `/credit-notes/${encodeURIComponent(n._id)}/download`)}
                download
                aria-label={`PDF of ${n.number}`}
              >
                <IconDownload size={18} aria-hidden />
              </Anchor>
            </>
          }
        />
      ))}
    </Section>
  );
}
