import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate, formatTime, type TSendHistory } from '@fieldbook/core';
import { useSendHistory } from '../../api/use-send-history';
import { QueryState } from '../../ui/query-state';
import { CopyPublicLinkButton } from './copy-public-link-button';

const when = (iso: string, tz: string) => `${formatDate(iso, tz)} ${formatTime(iso, tz)}`;

const STATE: Record<TSendHistory['queue'][number]['state'], { label: string; color: string }> = {
  queued: { label: 'Waiting', color: 'blue' },
  done: { label: 'Sent', color: 'green' },
  failed: { label: 'Gave up', color: 'red' },
};

function Summary({ h, timeZone }: { h: TSendHistory; timeZone: string }) {
  if (h.sentCount === 0 && !h.queued) return <Text c="dimmed">Not e-mailed yet.</Text>;
  return (
    <Text>
      {h.sentCount > 0 && (
        <>
          E-mailed {h.sentCount} {h.sentCount === 1 ? 'time' : 'times'}
          {h.lastSent && `, last on ${when(h.lastSent, timeZone)}`}.
        </>
      )}{' '}
      {h.queued && <Badge color="blue">Sending...</Badge>}
    </Text>
  );
}

/**
 * The invoice's sending: how many times and when it went out, to whom, the
 * bulk sends the queue holds with their tries, the last error, and the
 * public link to copy.
 */
export function SendHistoryPanel({ invoiceId, timeZone }: { invoiceId: string; timeZone: string }) {
  const history = useSendHistory(invoiceId);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="send-history-title">
      <Group justify="space-between" mb="sm">
        <Title id="send-history-title" order={2} fz="h4">
          Sending
        </Title>
        <CopyPublicLinkButton url={history.data?.publicUrl ?? null} />
      </Group>
      <QueryState query={history}>
        {(h) => (
          <Stack gap="sm">
            <Summary h={h} timeZone={timeZone} />
            {h.lastError && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Last send failed">
                {h.lastError}
              </Alert>
            )}
            {h.emails.length > 0 && (
              <Table.ScrollContainer minWidth={360}>
                <Table aria-label="E-mails sent" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>When</Table.Th>
                      <Table.Th>To</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {h.emails.map((m, i) => (
                      <Table.Tr key={`${m.date}-${i}`}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {when(m.date, timeZone)}
                        </Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{m.to}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {h.queue.length > 0 && (
              <Table.ScrollContainer minWidth={360}>
                <Table aria-label="Queued sends" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Queued</Table.Th>
                      <Table.Th>State</Table.Th>
                      <Table.Th>Tries</Table.Th>
                      <Table.Th>Error</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {h.queue.map((q, i) => (
                      <Table.Tr key={`${q.queuedAt}-${i}`}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {when(q.queuedAt, timeZone)}
                        </Table.Td>
                        <Table.Td>
                          <Text
                            size="sm"
                            fw={600}
                            c={`${STATE[q.state].color}.8`}
                            style={{ whiteSpace: 'nowrap' }}
                          >
                            {STATE[q.state].label}
                          </Text>
                        </Table.Td>
                        <Table.Td>{q.attempts}</Table.Td>
                        <Table.Td>
                          <Text size="sm" c={q.lastError ? 'red.8' : 'dimmed'}>
                            {q.lastError ?? '—'}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
