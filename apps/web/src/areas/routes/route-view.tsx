import { useCallback, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from 'dayjs';
import {
  DEFAULT_TIME_ZONE,
  WORKDAY_HOURS,
  formatDistance,
  formatDuration,
  type BoardFilter,
  type TLatLng,
} from '@fieldbook/core';
import { useSaveRouteBase } from '../../api/use-routes';
import { useCurrentCompany } from '../../app/company-context';
import { ErrorAlert } from '../../ui/query-state';
import { RouteList } from './route-list';
import { RouteMap, type MapStop } from './route-map';
import { inBounds } from './route-plan';
import { useRoutePlan } from './use-route-plan';

export interface RouteViewProps {
  filter: BoardFilter & { userIds: readonly string[] };
  /** The day (YYYY-MM-DD, company time). */
  date: string;
  /** Workday start hour (7..17). */
  start: number;
  onStart: (hour: number) => void;
  onPlanner: () => void;
}

const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The route screen (issue 13): one user's day as a list to reorder and a map;
 * Optimise proposes the shortest order and its times, Apply writes them, Undo
 * puts the previous ones back. Stops without a verified position stay listed
 * but are left out of the route.
 */
export function RouteView({ filter, date, start, onStart, onPlanner }: RouteViewProps) {
  const timeZone = useCurrentCompany().company?.timeZone ?? DEFAULT_TIME_ZONE;
  const r = useRoutePlan({ filter, day: date, timeZone, startMinutes: start * 60 });
  const saveBase = useSaveRouteBase();
  const [mode, setMode] = useState<'none' | 'base' | 'area'>('none');
  const [tab, setTab] = useState<'list' | 'map'>('list');
  const phone = useMediaQuery('(max-width: 48em)');

  const times = new Map(r.times.map((t) => [t.id, t]));
  const placeIds = r.proposal ? r.proposal.times.map((t) => t.id) : r.routed.map((j) => j._id);
  const places = new Map(placeIds.map((id, i) => [id, i + 1]));
  const base = r.base.data?.basePosition ?? null;
  const stops: MapStop[] = r.jobs.flatMap((j) =>
    j.positionVerified && j.googlePosition
      ? [
          {
            id: j._id,
            label: `#${j.appointmentNumber} ${j.clientName}`,
            place: places.get(j._id) ?? null,
            position: j.googlePosition,
          },
        ]
      : [],
  );
  const ordered = placeIds.flatMap((id) => stops.find((s) => s.id === id)?.position ?? []);
  const path = r.origin ? [r.origin, ...ordered, r.origin] : ordered;

  const { setIncluded, jobs } = r;
  const onArea = useCallback(
    (a: TLatLng, b: TLatLng) => {
      setIncluded(
        new Set(
          jobs
            .filter((j) => j.googlePosition && inBounds(j.googlePosition, a, b))
            .map((j) => j._id),
        ),
      );
      setMode('none');
    },
    [setIncluded, jobs],
  );
  const onBase = (p: TLatLng) => {
    saveBase.mutate(p, {
      onError: (e) => r.setMessage({ color: 'red', text: e.message }),
    });
    setMode('none');
  };

  const p = r.proposal;
  const figures = p && (
    <Group gap={4} style={{ columnGap: 24 }} data-testid="route-figures">
      <Text>
        Before: <b data-testid="before-distance">{formatDistance(p.route.before.distance)}</b>,{' '}
        <span data-testid="before-duration">{formatDuration(p.route.before.duration)}</span>
      </Text>
      <Text>
        After: <b data-testid="after-distance">{formatDistance(p.route.after.distance)}</b>,{' '}
        <span data-testid="after-duration">{formatDuration(p.route.after.duration)}</span>
      </Text>
      {p.times.some((t) => t.late > 0) && <Text c="red">Some stops miss their time window.</Text>}
    </Group>
  );

  const toolbar = (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" onClick={onPlanner}>
        Planner
      </Button>
      <Select
        aria-label="Workday start"
        w={110}
        value={String(start)}
        allowDeselect={false}
        data={WORKDAY_HOURS.map((h) => ({ value: String(h), label: pad(h) }))}
        onChange={(v) => v && onStart(Number(v))}
      />
      <Button onClick={() => void r.optimise()} loading={r.busy} disabled={!r.routed.length}>
        Optimise
      </Button>
      <Button color="green" onClick={() => void r.apply()} disabled={!p || r.busy}>
        Apply
      </Button>
      <Button variant="default" onClick={() => void r.undoApply()} disabled={!r.undo || r.busy}>
        Undo
      </Button>
      <Button
        variant={mode === 'base' ? 'filled' : 'default'}
        onClick={() => {
          setMode(mode === 'base' ? 'none' : 'base');
          setTab('map');
        }}
      >
        Set base
      </Button>
      <Button
        variant={mode === 'area' ? 'filled' : 'default'}
        onClick={() => {
          setMode(mode === 'area' ? 'none' : 'area');
          setTab('map');
        }}
      >
        Select area
      </Button>
    </Group>
  );

  const list = (
    <RouteList
      jobs={r.jobs}
      choices={r.choices}
      times={times}
      places={places}
      timeZone={timeZone}
      onMove={(a, b) => void r.move(a, b)}
      onChoice={r.setChoice}
    />
  );
  const map = (
    <Box
      h={phone ? 'calc(100dvh - 220px)' : 'calc(100dvh - 160px)'}
      pos={phone ? 'relative' : 'sticky'}
      top={70}
    >
      <RouteMap base={base} stops={stops} path={path} mode={mode} onBase={onBase} onArea={onArea} />
    </Box>
  );

  return (
    <Stack gap="sm" data-testid="route-screen">
      <Title order={2} size="h4">
        Route for {dayjs(date).format('dddd')} {date}
      </Title>
      {toolbar}
      {mode === 'base' && <Text size="sm">Click the map where the routes start and end.</Text>}
      {mode === 'area' && <Text size="sm">Drag on the map to select the stops to plan.</Text>}
      {!base && r.base.data && (
        <Text size="sm" c="dimmed" data-testid="route-no-base">
          No base set: the route starts and ends at the first stop.
        </Text>
      )}
      {r.leftOut > 0 && (
        <Alert color="orange" data-testid="route-left-out">
          {r.leftOut === 1
            ? '1 stop has no verified address and was left out of the route.'
            : `${r.leftOut} stops have no verified address and were left out of the route.`}
        </Alert>
      )}
      {r.message && (
        <Alert color={r.message.color} role="status" data-testid="route-message">
          {r.message.text}
        </Alert>
      )}
      {figures}
      {r.cards.error ? <ErrorAlert error={r.cards.error} /> : null}
      {r.cards.isLoading ? (
        <Text c="dimmed">Loading jobs…</Text>
      ) : !r.jobs.length ? (
        <Text c="dimmed">No jobs planned for this day.</Text>
      ) : phone ? (
        <>
          <SegmentedControl
            aria-label="Route panel"
            value={tab}
            onChange={(v) => setTab(v as 'list' | 'map')}
            data={[
              { value: 'list', label: 'List' },
              { value: 'map', label: 'Map' },
            ]}
          />
          {tab === 'list' ? list : map}
        </>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>{map}</Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
