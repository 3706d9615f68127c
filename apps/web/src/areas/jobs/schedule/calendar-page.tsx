import { useMemo } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { can, type BoardFilter } from '@fieldbook/core';
import { useCurrentCompany } from '../../../app/company-context';
import { useJobTypes } from '../../../api/use-job-types';
import { PageHeader } from '../../../ui/page-header';
import { QueryState } from '../../../ui/query-state';
import { useBoardParams } from '../board/board-url';
import { useRoutedJob } from '../job-modal/use-routed-job';
import { ScheduleView } from './schedule-view';

/**
 * /calendar (spec: the simple calendar): every job of the company on the
 * calendar, all types and people, no unscheduled column; a click opens the
 * job, New opens a new one. Date and view live in the address.
 */
export function CalendarPage() {
  const { member } = useCurrentCompany();
  const types = useJobTypes();
  const [params, setParams] = useBoardParams();
  const { openJob, modal } = useRoutedJob();
  const typeIds = useMemo(() => (types.data ?? []).map((t) => t._id), [types.data]);
  const filter = useMemo<BoardFilter>(
    () => ({ typeIds, userIds: null, statuses: null }),
    [typeIds],
  );

  return (
    <>
      <PageHeader
        title="Calendar"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Calendar' }]}
        actions={
          can(member, 'appointments', 'c') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openJob(null)}>
              New job
            </Button>
          )
        }
      />
      <QueryState query={types}>
        {() => (
          <ScheduleView
            unscheduled={false}
            filter={filter}
            date={params.date}
            view={params.cal}
            onNavigate={(date, cal) => setParams({ date, cal })}
            onOpenJob={openJob}
          />
        )}
      </QueryState>
      {modal}
    </>
  );
}
