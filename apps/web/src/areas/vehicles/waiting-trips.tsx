import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TripEntry } from '../../api/offline/offline-db';
import { discardEntry } from '../../api/offline/outbox';
import { useOutbox } from '../../api/use-offline';
import { useCurrentCompany } from '../../app/company-context';

/**
 * Trips logged without a network (docs/offline.md): each waits on the phone
 * until it reaches the server; one the server refused shows why, with Discard.
 */
export function WaitingTrips() {
  const { companyId } = useCurrentCompany();
  const trips = useOutbox().filter(
    (e): e is TripEntry => e.kind === 'trip' && e.companyId === companyId,
  );
  if (trips.length === 0) return null;
  return (
    <Alert
      color={trips.some((t) => t.state === 'failed') ? 'red' : 'yellow'}
      mb="md"
      role="status"
      aria-label="Trips on this phone"
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
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() =>
                  modals.openConfirmModal({
                    title: 'Discard trip',
                    children: 'Discard this trip? It is not on the server and will be lost.',
                    labels: { confirm: 'Discard', cancel: 'Cancel' },
                    confirmProps: { color: 'red' },
                    onConfirm: () => void discardEntry(t.seq!),
                  })
                }
              >
                Discard
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
