import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  DEFAULT_TIME_ZONE,
  can,
  cardMatches,
  isAssignedTo,
  todayIn,
  type BoardView,
  type TJobCard,
} from '@fieldbook/core';
import { useActiveCards } from '../../../api/use-board';
import { useJobTypes } from '../../../api/use-job-types';
import { useCurrentCompany } from '../../../app/company-context';
import { pageLoading } from '../../../app/lazy-route';
import { NotFoundPage } from '../../../app/not-found-page';
import { useCurrentUser } from '../../../app/use-session';
import { PageHeader } from '../../../ui/page-header';
import { ErrorAlert } from '../../../ui/query-state';
import { useRoutedJob } from '../job-modal/use-routed-job';
import { PlannerView } from '../planner/planner-view';
import { ScheduleView } from '../schedule/schedule-view';
import { ChoiceRow } from './board-filters';
import { DownloadJobsButton } from './download-jobs-button';
import { writeBoardParams } from './board-url';
import { Kanban } from './kanban';
import { useBoardSelection } from './use-board-selection';
import { useScreenSearchParams } from '../../../ui/use-screen-search';

// The route screen and its map load on first use (the board's bundle stays small).
const RouteView = lazy(() =>
  import('../../routes/route-view').then((m) => ({ default: m.RouteView })),
);

const TITLE = 'Status board';
const VIEWS: { value: BoardView; label: string }[] = [
  { value: 'statuses', label: 'Statuses' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'planner', label: 'Planner' },
];

/**
 * /statuses: the status board (spec "Status board"): the kanban of one type's
 * active jobs, or the schedule or planner of several. Needs appointments r.
 */
export function StatusesPage() {
  const { companyId, member, loading } = useCurrentCompany();
  if (loading) return pageLoading;
  if (companyId && !can(member, 'appointments', 'r')) return <NotFoundPage />;
  const header = (
    <PageHeader title={TITLE} breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: TITLE }]} />
  );
  if (!companyId)
    return (
      <>
        {header}
        <Alert color="gray">Please select a company first.</Alert>
      </>
    );
  return <Board key={companyId} />;
}

function Board() {
  const { company, member } = useCurrentCompany();
  const me = useCurrentUser();
  const types = useJobTypes();
  const cards = useActiveCards();
  // The cards as a deferred value: an answer (a thousand cards, read by a store that React
  // renders at once) is drawn in a render React may interrupt, so opening the board or a
  // refetch holds no long task (docs/performance.md, "Scheduling in Chromium").
  const cardList = useDeferredValue(cards.data);
  const members = (company?.users ?? []).filter((u) => !u.disabled);
  const memberIds = members.map((u) => u.userId);
  const s = useBoardSelection(types.data, memberIds, me._id);
  const { params, setParams } = s;
  // New makes a job of the type the board shows (the first selected one).
  const { openJob, modal } = useRoutedJob(null, s.types[0] ?? null);
  const timeZone = company?.timeZone;
  const [, setSearch] = useScreenSearchParams();
  // Opening the route screen is a new history entry: Back returns to the planner.
  const planRoute = (date: string) =>
    setSearch((p) => writeBoardParams(p, { view: 'route', date, span: 'day' }));

  const userSet = s.users ? new Set(s.users) : null;
  const mine = (c: TJobCard) => !userSet || isAssignedTo(c, userSet);
  const countOf = (typeId: string) =>
    (cardList ?? []).filter((c) => c.appointmentTypeId === typeId && mine(c)).length;

  const header = (
    <PageHeader
      title={TITLE}
      breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: TITLE }]}
      actions={
        <>
          <DownloadJobsButton />
          {can(member, 'appointments', 'c') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => openJob(null)}>
              New
            </Button>
          )}
        </>
      }
    />
  );
  const error = types.error ?? cards.error;
  // The open job's modal stays in one place in the tree whatever the board shows, so the
  // cards arriving (a deferred render that may come late) never remount it mid-edit.
  const withModal = (body: ReactNode) => (
    <>
      {body}
      {modal}
    </>
  );
  if (error)
    return withModal(
      <>
        {header}
        <ErrorAlert title="The board could not be loaded" error={error} />
      </>,
    );
  // The open job (?job=) shows while the cards load or cannot (offline, a board never
  // kept on this phone): a job kept there opens all the same.
  if (!types.data || !cardList) return withModal(pageLoading);
  if (!types.data.length)
    return withModal(
      <>
        {header}
        <Alert color="gray" title="No appointment types yet">
          Jobs are made from appointment types.{' '}
          {can(member, 'settings', 'u') && (
            <Anchor component={Link} to="/diagram">
              Add one in Appointment Settings.
            </Anchor>
          )}
        </Alert>
      </>,
    );

  const view = params.view;
  const type = s.selected[0];
  return withModal(
    <>
      {header}
      <Stack gap="xs" mb="md">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="View"
            value={view === 'route' ? 'planner' : view}
            onChange={(v) => s.setView(v as BoardView)}
            data={VIEWS}
          />
          {view === 'statuses' && (
            <Button
              variant="default"
              onClick={() => setParams({ sort: params.sort === 'id' ? 'importance' : 'id' })}
            >
              {params.sort === 'id' ? 'Sort by: ID' : 'Sort by: Importance'}
            </Button>
          )}
        </Group>
        <ChoiceRow
          label="Types"
          choices={types.data.map((t) => ({ id: t._id, label: t.name, count: countOf(t._id) }))}
          selected={new Set(s.types)}
          onToggle={s.toggleType}
        />
        <ChoiceRow
          label="Users"
          choices={members.map((u) => ({ id: u.userId, label: `${u.name} ${u.surname}`.trim() }))}
          selected={new Set(s.users ?? memberIds)}
          onToggle={s.toggleUser}
          onToggleAll={view === 'planner' || view === 'route' ? undefined : s.toggleAllUsers}
        />
        {view !== 'statuses' && (
          <ChoiceRow
            label="Statuses"
            choices={s.statusChoices.map((x) => ({ id: x, label: x }))}
            selected={new Set(s.statuses ?? s.statusChoices)}
            onToggle={s.toggleStatus}
            onToggleAll={s.toggleAllStatuses}
          />
        )}
      </Stack>
      {view === 'statuses' && type && (
        <Kanban
          type={type}
          cards={cardList.filter((c) =>
            cardMatches(c, { typeIds: [type._id], userIds: s.users, statuses: null }),
          )}
          sort={params.sort}
          col={params.col}
          onCol={(col) => setParams({ col })}
          onOpen={openJob}
          canMove={can(member, 'appointments', 'u')}
          timeZone={timeZone}
        />
      )}
      {view === 'schedule' && (
        <ScheduleView
          filter={s.filter}
          date={params.date}
          view={params.cal}
          onNavigate={(date, cal) => setParams({ date, cal })}
          onOpenJob={openJob}
        />
      )}
      {view === 'planner' && s.users && (
        <PlannerView
          filter={{ ...s.filter, userIds: s.users }}
          date={params.date}
          span={params.span}
          onNavigate={(date, span) => setParams({ date, span })}
          onOpenJob={openJob}
          onPlanRoute={planRoute}
        />
      )}
      {view === 'route' && s.users && (
        <Suspense fallback={pageLoading}>
          <RouteView
            filter={{ ...s.filter, userIds: s.users }}
            date={params.date ?? todayIn(timeZone ?? DEFAULT_TIME_ZONE)}
            start={params.start ?? 8}
            onStart={(start) => setParams({ start })}
            onPlanner={() => setParams({ view: 'planner', start: null })}
          />
        </Suspense>
      )}
    </>,
  );
}
