import { useState } from 'react';
import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, type TIncident } from '@fieldbook/core';
import { clientFullName, useIncidents } from '../../api/use-incidents';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { PagedFooter, usePaged } from '../../ui/paged';
import { QueryState } from '../../ui/query-state';
import { IncidentModal } from './incident-modal';

function StatusCell({ incident }: { incident: TIncident }) {
  if (incident.status === 'open')
    return (
      <Badge color="orange" variant="light">
        Open
      </Badge>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
        Fixed
      </Badge>
      {incident.fixedClient && (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          to {clientFullName(incident.fixedClient)}
        </Text>
      )}
    </Group>
  );
}

/** Open incidents first, then the newest. */
const order = (a: TIncident, b: TIncident) =>
  Number(a.status !== 'open') - Number(b.status !== 'open') || b.date.localeCompare(a.date);

/** /incidents: records that could not be tied to exactly one client, and their Fix. */
export function IncidentsPage() {
  const { member } = useCurrentCompany();
  const incidents = useIncidents();
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = incidents.data?.find((i) => i._id === openId && i.status === 'open');
  const canFix = can(member, 'invoices', 'u');

  return (
    <>
      <PageHeader
        title="Incidents"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Incidents' }]}
        description="Records whose client name matched no client, or several."
        actions={
          <Button
            component={Link}
            to="/import"
            variant="default"
            leftSection={<IconFileImport size={16} />}
          >
            Import CSV
          </Button>
        }
      />
      <Paper withBorder radius="md">
        <QueryState query={incidents}>
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No incidents. Everything is assigned to a client.
              </Text>
            ) : (
              <IncidentTable list={list} onOpen={setOpenId} />
            )
          }
        </QueryState>
      </Paper>
      {opened && (
        <IncidentModal incident={opened} canFix={canFix} onClose={() => setOpenId(null)} />
      )}
    </>
  );
}

/** The incidents, open ones first, 50 to a page (a large import can raise many). */
function IncidentTable({ list, onOpen }: { list: TIncident[]; onOpen: (id: string) => void }) {
  const paged = usePaged([...list].sort(order));
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Incidents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Client as read</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paged.shown.map((i) => (
              <Table.Tr
                key={i._id}
                style={i.status === 'open' ? { cursor: 'pointer' } : undefined}
                onClick={i.status === 'open' ? () => onOpen(i._id) : undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.date}</Table.Td>
                <Table.Td>{i.description}</Table.Td>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {i.value || '—'}
                </Table.Td>
                <Table.Td>
                  <StatusCell incident={i} />
                </Table.Td>
                <Table.Td ta="right">
                  {i.status === 'open' && (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Fix ${i.value}`}
                      onClick={(ev) => {
                        ev.stopPropagation();
                        onOpen(i._id);
                      }}
                    >
                      Fix
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagedFooter paged={paged} />
    </>
  );
}
