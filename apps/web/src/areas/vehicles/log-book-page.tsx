import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCar, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  LOG_BOOK_LIST_LIMIT,
  can,
  taxYearLabel,
  taxYearOf,
  todayIn,
  type TCar,
  type TTrip,
} from '@fieldbook/core';
import {
  downloadLogBookCsv,
  useCars,
  useLogBookSummary,
  useTrips,
  type LogBookFilter,
} from '../../api/use-vehicles';
import { useCurrentCompany } from '../../app/company-context';
import { DownloadButton } from '../../ui/download-button';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { TripModal } from './trip-modal';
import { TripTable } from './trip-table';
import { YearSummary } from './year-summary';
import { useCarsAsOnThePhone, WaitingTrips } from './waiting-trips';

const NO_CARS: TCar[] = [];
/** The chosen tax year with buttons to the one before and after. */
function YearPicker({ year, onChange }: { year: number; onChange: (y: number) => void }) {
  // 'Tax year 2026/27' over '1 Mar 2026 – 28 Feb 2027'.
  const [head, range = ''] = taxYearLabel(year).split(' (');
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label="Previous tax year"
        onClick={() => onChange(year - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Stack gap={0} align="center" miw={170} data-testid="tax-year">
        <Text fw={600} size="sm">
          {head}
        </Text>
        <Text size="xs" c="dimmed">
          {range.replace(/\)$/, '')}
        </Text>
      </Stack>
      <ActionIcon variant="default" aria-label="Next tax year" onClick={() => onChange(year + 1)}>
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}

/** /logBook: a tax year's trips by car and driver, each car's figures, and the CSV. */
export function LogBookPage() {
  const { company, companyId, member } = useCurrentCompany();
  const [filter, setFilter] = useState<LogBookFilter>(() => ({
    year: taxYearOf(todayIn(company?.timeZone ?? 'Africa/Johannesburg')),
    carId: null,
    driverId: null,
  }));
  const cars = useCars();
  // A new trip opens at the odometer as the phone knows it (trips waiting on it count).
  const carsNow = useCarsAsOnThePhone(cars.data ?? NO_CARS);
  const trips = useTrips(filter);
  // A car's figures are driven by all its drivers: the summary and the CSV never filter by one.
  const allDrivers = { ...filter, driverId: null };
  const summary = useLogBookSummary(allDrivers);
  // undefined: closed; null: a new trip.
  const [open, setOpen] = useState<TTrip | null | undefined>(undefined);
  const drivers = (company?.users ?? []).map((u) => ({
    value: u.userId,
    label: `${u.name} ${u.surname}`.trim() || (u.emailAddress ?? ''),
  }));
  const mayLog = can(member, 'expenses', 'c') && (cars.data?.some((c) => c.active) ?? false);

  return (
    <>
      <PageHeader
        title="Log book"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Log book' }]}
        description="Trips for SARS: each business trip with its reason, per tax year (1 March to the end of February)."
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to="/cars"
              variant="default"
              leftSection={<IconCar size={16} />}
            >
              Cars
            </Button>
            {mayLog && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen(null)}>
                Log a trip
              </Button>
            )}
          </Group>
        }
      />
      <WaitingTrips />
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <YearPicker year={filter.year} onChange={(year) => setFilter((f) => ({ ...f, year }))} />
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Car"
            placeholder="All cars"
            clearable
            w={170}
            data={(cars.data ?? []).map((c) => ({ value: c._id, label: c.registration }))}
            value={filter.carId}
            onChange={(carId) => setFilter((f) => ({ ...f, carId }))}
          />
          <Select
            aria-label="Driver"
            placeholder="All drivers"
            clearable
            w={170}
            data={drivers}
            value={filter.driverId}
            onChange={(driverId) => setFilter((f) => ({ ...f, driverId }))}
          />
          <DownloadButton
            label="Download CSV"
            download={() => downloadLogBookCsv(companyId, allDrivers)}
          />
        </Group>
      </Group>
      {cars.data?.length === 0 && (
        <Paper withBorder radius="md" p="md" mb="md">
          <Text size="sm">
            Add a car first: trips are logged against the company&apos;s cars.{' '}
            <Link to="/cars">Go to Cars</Link>
          </Text>
        </Paper>
      )}
      {filter.driverId && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="all-drivers-note">
          The figures and the CSV cover all drivers of each car; only the trip list shows this
          driver.
        </Text>
      )}
      <YearSummary cars={summary.data?.cars ?? []} />
      <Paper withBorder radius="md">
        <QueryState query={trips}>
          {(list) => (
            <>
              {list.length >= LOG_BOOK_LIST_LIMIT && (
                <Text size="sm" c="dimmed" p="sm">
                  Showing the newest {LOG_BOOK_LIST_LIMIT.toLocaleString('en-ZA')} trips; the CSV
                  holds them all.
                </Text>
              )}
              <TripTable trips={list} onOpen={(t) => setOpen(t)} />
            </>
          )}
        </QueryState>
      </Paper>
      {open !== undefined && (
        <TripModal
          trip={open}
          cars={carsNow}
          carId={filter.carId}
          onClose={() => setOpen(undefined)}
        />
      )}
    </>
  );
}
