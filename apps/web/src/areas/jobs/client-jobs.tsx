import { Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { can, cardText, type TAppointment } from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { useClientJobs } from '../../api/use-jobs';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { useRoutedJob } from './job-modal/use-routed-job';

const when = (j: TAppointment) =>
  dayjs(j.startDate).format(j.isAllDayEvent ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm');

/** A client's jobs (number, type, shown status, start, fault), with New job. */
export function ClientJobs({ clientId, clientName }: { clientId: string; clientName: string }) {
  const { member } = useCurrentCompany();
  const jobs = useClientJobs(clientId);
  const phone = usePhone();
  const { openJob, modal } = useRoutedJob({ entityId: clientId, clientName });
  const setOpen = (o: { id: string | null }) => openJob(o.id);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>Jobs</Text>
        {can(member, 'appointments', 'c') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ id: null })}>
            New job
          </Button>
        )}
      </Group>
      <QueryState query={jobs}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              No jobs for this client yet.
            </Text>
          ) : phone ? (
            <Stack gap="xs" role="list" aria-label="Jobs">
              {list.map((j) => (
                <Paper key={j._id} withBorder p={0} radius="md" role="listitem">
                  <UnstyledButton p="sm" w="100%" onClick={() => setOpen({ id: j._id })}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>
                        Job {j.appointmentNumber} · {j.appointmentType}
                      </Text>
                      <Text size="sm" data-testid="job-row-status">
                        {j.shownStatus}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {when(j)}
                    </Text>
                    {j.faultDescription && <Text size="sm">{cardText(j.faultDescription)}</Text>}
                  </UnstyledButton>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table highlightOnHover aria-label="Jobs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Start</Table.Th>
                  <Table.Th>Fault</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((j) => (
                  <Table.Tr
                    key={j._id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => setOpen({ id: j._id })}
                  >
                    <Table.Td>
                      <UnstyledButton
                        fw={600}
                        aria-label={`Job ${j.appointmentNumber}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setOpen({ id: j._id });
                        }}
                      >
                        {j.appointmentNumber}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{j.appointmentType}</Table.Td>
                    <Table.Td data-testid="job-row-status">{j.shownStatus}</Table.Td>
                    <Table.Td>{when(j)}</Table.Td>
                    <Table.Td>{cardText(j.faultDescription, 60)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      {modal}
    </Stack>
  );
}
