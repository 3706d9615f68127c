import { Accordion, Badge, Group, Paper, Text } from '@mantine/core';
import { useOutbox } from '../../api/use-outbox';
import { NotFoundPage } from '../../app/not-found-page';
import { useCurrentUser } from '../../app/use-session';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';

function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function OutboxList() {
  const outbox = useOutbox();
  return (
    <QueryState query={outbox}>
      {(mails) =>
        mails.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            The outbox is empty.
          </Text>
        ) : (
          <Accordion variant="separated" aria-label="Outbox messages">
            {mails.map((m) => (
              <Accordion.Item key={m._id} value={m._id}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={500} truncate="end">
                        {m.subject}
                      </Text>
                      <Text size="sm" c="dimmed" truncate="end">
                        To {m.to}
                      </Text>
                    </div>
                    <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {formatDate(m.date)}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text
                    component="pre"
                    size="sm"
                    style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}
                  >
                    {m.text}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )
      }
    </QueryState>
  );
}

/** /outbox (rank super): e-mails kept because no SMTP server is configured. */
export function OutboxPage() {
  const user = useCurrentUser();
  if (user.rank !== 'super') return <NotFoundPage />;
  return (
    <>
      <PageHeader
        title="Outbox"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Outbox' }]}
        description="E-mails kept by the server while no SMTP server is configured."
      />
      <Paper withBorder p="md">
        <OutboxList />
      </Paper>
    </>
  );
}
