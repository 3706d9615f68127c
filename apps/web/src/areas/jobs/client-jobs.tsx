import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  can,
  cardText,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatTime,
  type TAppointment,
} from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { useClientJobs } from '../../api/use-jobs';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import type { CalendarView } from './board/board-url';
import { useRoutedJob } from './job-modal/use-routed-job';
import { JobCalendar } from './schedule/job-calendar';

/** The start in the company's zone, YYYY-MM-DD HH:mm (spec §9); the date alone for all day. */
const when = (j: TAppointment, tz: string) =>
  j.isAllDayEvent
    ? formatDate(j.startDate, tz)
    : `${formatDate(j.startDate, tz)} ${formatTime(j.startDate, tz)}`;

/**
 * The client's Calendar tab: their scheduled jobs on the calendar (a month
 * to begin with), the list of all their jobs (number, type, shown status,
 * start, fault) below it, and New job with the client filled in.
 */
export function ClientJobs({ clientId, clientName }: { clientId: string; clientName: string }) {
  const { member, company } = useCurrentCompany();
  const jobs = useClientJobs(clientId);
  const tz = company?.timeZone || DEFAULT_TIME_ZONE;
  const [shown, setShown] = useState<{ date: string | null; view: CalendarView }>({
    date: null,
    view: 'dayGridMonth',
  });
  const scheduled = useMemo(() => (jobs.data ?? []).filter((j) => j.hasSchedule), [jobs.data]);
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
      <JobCalendar
        cards={scheduled}
        timeZone={tz}
        date={shown.date}
        view={shown.view}
        onNavigate={(date, view) => setShown({ date, view })}
        onOpenJob={(id) => setOpen({ id })}
      />
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
                      {when(j, tz)}
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
                    <Table.Td>{when(j, tz)}</Table.Td>
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
