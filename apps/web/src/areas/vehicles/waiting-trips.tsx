import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { odometerNow, type TCar } from '@fieldbook/core';
import type { TripEntry } from '../../api/offline/offline-db';
import { discardEntry } from '../../api/offline/outbox';
import { keepMyTrip } from '../../api/offline/sync';
import { errorMessage } from '../../api/api-client';
import { useOutbox } from '../../api/use-offline';
import { useCurrentCompany } from '../../app/company-context';
import { confirmDiscard } from '../../ui/confirm';

/** This company's trips waiting on the phone, oldest first. */
function useWaitingTrips(): TripEntry[] {
  const { companyId } = useCurrentCompany();
  return useOutbox().filter((e): e is TripEntry => e.kind === 'trip' && e.companyId === companyId);
}

/**
 * The cars with their odometer as the phone knows it: the trips waiting on it
 * count (core `odometerNow`), so a second trip logged offline opens at the
 * first one's closing reading, not at the server's last.
 */
export function useCarsAsOnThePhone(cars: TCar[]): TCar[] {
  const { companyId } = useCurrentCompany();
  const outbox = useOutbox();
  return useMemo(() => {
    // A trip the server refused for its own fault (a mistyped reading) does not count.
    const trips = outbox.filter(
      (e): e is TripEntry =>
        e.kind === 'trip' && e.companyId === companyId && (e.state === 'waiting' || !!e.stale),
    );
    return cars.map((car) => {
      const mine = trips.filter((t) => t.body.carId === car._id);
      if (!mine.length) return car;
      const lastOdometer = odometerNow(
        car.lastOdometer,
        mine.map((t) => t.body.closingOdometer),
      );
      return { ...car, lastOdometer };
    });
  }, [cars, outbox, companyId]);
}

/**
 * Trips logged without a network (docs/offline.md): each waits on the phone
 * until it reaches the server; one the server refused shows why, with Discard.
 */
export function WaitingTrips() {
  const trips = useWaitingTrips();
  if (trips.length === 0) return null;
  return (
    <Alert
      color={trips.some((t) => t.state === 'failed') ? 'red' : 'yellow'}
      mb="md"
      role="status"
      title={`${trips.length} ${trips.length === 1 ? 'trip waits' : 'trips wait'} on this phone`}
    >
      <Stack gap={4}>
        {trips.map((t) => (
          <Group key={t.seq} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm">
              {t.body.date} · {t.body.from} → {t.body.to} ·{' '}
              {(t.body.closingOdometer ?? 0) - (t.body.openingOdometer ?? 0)} km
              {t.state === 'failed' ? ` · Not saved: ${t.message}` : ''}
            </Text>
            {t.state === 'failed' && (
              <Group gap="xs">
                {t.stale && <KeepMineButton seq={t.seq!} />}
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => confirmDiscard('trip', () => void discardEntry(t.seq!))}
                >
                  Discard
                </Button>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

/** Sends the technician's trip over the office's change; once, with a word if it cannot. */
function KeepMineButton({ seq }: { seq: number }) {
  const [busy, setBusy] = useState(false);
  const keep = async () => {
    setBusy(true);
    try {
      await keepMyTrip(seq);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="light" loading={busy} onClick={() => void keep()}>
      Keep mine
    </Button>
  );
}
