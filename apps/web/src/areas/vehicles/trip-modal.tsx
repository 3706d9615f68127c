import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import {
  ZTripSave,
  can,
  todayIn,
  tripKilometres,
  type TCar,
  type TTrip,
  type TTripSave,
} from '@fieldbook/core';
import { useDeleteTrip, useSaveTrip } from '../../api/use-vehicles';
import { confirmDelete } from '../../ui/confirm';
import { useCurrentCompany } from '../../app/company-context';
import { useCurrentUser } from '../../app/use-session';
import { contractErrors } from '../../ui/contract-errors';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';

interface TripValues {
  date: string | null;
  carId: string | null;
  driverId: string | null;
  from: string;
  to: string;
  openingOdometer: number | string;
  closingOdometer: number | string;
  business: boolean;
  reason: string;
}

const LABELS = {
  date: 'Date',
  carId: 'Car',
  driverId: 'Driver',
  from: 'From',
  to: 'To',
  openingOdometer: 'Opening odometer',
  closingOdometer: 'Closing odometer',
  reason: 'Reason',
};

const num = (v: number | string) => (typeof v === 'number' ? v : NaN);

/**
 * Log or edit a trip. A new one starts today, with the first active car (or
 * the filtered one), the signed-in driver, and the car's last closing
 * odometer as its opening; choosing another car takes that car's reading.
 */
export function TripModal({
  trip,
  cars,
  carId,
  onClose,
}: {
  trip: TTrip | null;
  cars: TCar[];
  carId: string | null;
  onClose: () => void;
}) {
  const { company, member } = useCurrentCompany();
  // Without the right to save, a trip is shown, not offered for editing (the server would answer 403).
  const readOnly = !can(member, 'expenses', trip ? 'u' : 'c');
  const remove = useDeleteTrip();
  const user = useCurrentUser();
  const offered = cars.filter((c) => c.active || c._id === trip?.carId);
  const first = offered.find((c) => c._id === carId) ?? offered[0];
  const [v, setV] = useState<TripValues>(() => ({
    date: trip?.date ?? todayIn(company?.timeZone ?? 'Africa/Johannesburg'),
    carId: trip?.carId ?? first?._id ?? null,
    driverId: trip?.driverId ?? user._id,
    from: trip?.from ?? '',
    to: trip?.to ?? '',
    openingOdometer: trip?.openingOdometer ?? first?.lastOdometer ?? '',
    closingOdometer: trip?.closingOdometer ?? '',
    business: trip?.business ?? true,
    reason: trip?.reason ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTrip();
  const set = (patch: Partial<TripValues>) => {
    setV((old) => ({ ...old, ...patch }));
    // A field's complaint goes once it is changed; Save checks everything again.
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !(k in patch))));
  };
  const drivers = (company?.users ?? [])
    .filter((u) => !u.disabled || u.userId === trip?.driverId)
    .map((u) => ({ value: u.userId, label: `${u.name} ${u.surname}`.trim() || u.emailAddress }));
  const km =
    typeof v.openingOdometer === 'number' && typeof v.closingOdometer === 'number'
      ? tripKilometres(v.openingOdometer, v.closingOdometer)
      : null;

  const chooseCar = (id: string | null) => {
    const car = cars.find((c) => c._id === id);
    set({ carId: id, ...(!trip && car && { openingOdometer: car.lastOdometer }) });
  };

  const submit = () => {
    const body: TTripSave = {
      ...(trip && { _id: trip._id, updatedAt: trip.updatedAt }),
      date: v.date ?? '',
      carId: v.carId ?? '',
      driverId: v.driverId ?? '',
      from: v.from,
      to: v.to,
      openingOdometer: num(v.openingOdometer),
      closingOdometer: num(v.closingOdometer),
      business: v.business,
      reason: v.reason,
      jobId: trip?.jobId ?? null,
    };
    if (readOnly) return;
    const found = contractErrors(ZTripSave, body, LABELS);
    // The server's rules, said before the round trip.
    if (!found.closingOdometer && km !== null && km < 0)
      found.closingOdometer = 'Closing odometer must not be less than the opening odometer';
    if (v.business && !v.reason.trim()) found.reason = 'Reason is required for a business trip';
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Trip saved' });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={readOnly ? 'Trip' : trip ? 'Edit trip' : 'Log a trip'}
      size="lg"
      closeOnClickOutside={false}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            aria-label="Kind of trip"
            readOnly={readOnly}
            value={v.business ? 'business' : 'private'}
            onChange={(k) => set({ business: k === 'business' })}
            data={[
              { value: 'business', label: 'Business' },
              { value: 'private', label: 'Private' },
            ]}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateInput
              readOnly={readOnly}
              label="Date"
              valueFormat="YYYY-MM-DD"
              withAsterisk={!readOnly}
              value={v.date}
              error={errors.date}
              onChange={(d) => set({ date: d })}
            />
            <Select
              readOnly={readOnly}
              label="Car"
              withAsterisk={!readOnly}
              data={offered.map((c) => ({
                value: c._id,
                label: `${c.registration} · ${c.make} ${c.model}`,
              }))}
              value={v.carId}
              error={errors.carId}
              onChange={chooseCar}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Select
            readOnly={readOnly}
            label="Driver"
            withAsterisk={!readOnly}
            data={drivers}
            value={v.driverId}
            error={errors.driverId}
            onChange={(d) => set({ driverId: d })}
            allowDeselect={false}
            searchable
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              readOnly={readOnly}
              label="From"
              withAsterisk={!readOnly}
              value={v.from}
              error={errors.from}
              onChange={(e) => set({ from: e.currentTarget.value })}
            />
            <TextInput
              readOnly={readOnly}
              label="To"
              withAsterisk={!readOnly}
              value={v.to}
              error={errors.to}
              onChange={(e) => set({ to: e.currentTarget.value })}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              readOnly={readOnly}
              label="Opening odometer (km)"
              withAsterisk={!readOnly}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={v.openingOdometer}
              error={errors.openingOdometer}
              onChange={(n) => set({ openingOdometer: n })}
            />
            <NumberInput
              readOnly={readOnly}
              label="Closing odometer (km)"
              withAsterisk={!readOnly}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={v.closingOdometer}
              error={errors.closingOdometer}
              onChange={(n) => set({ closingOdometer: n })}
            />
          </SimpleGrid>
          <TextInput
            readOnly={readOnly}
            label="Reason"
            description={
              v.business && !readOnly
                ? 'SARS asks for the purpose of each business trip'
                : undefined
            }
            withAsterisk={v.business && !readOnly}
            value={v.reason}
            error={errors.reason}
            onChange={(e) => set({ reason: e.currentTarget.value })}
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {km !== null && km >= 0 ? `Distance: ${km.toLocaleString('en-ZA')} km` : ' '}
            </Text>
          </Group>
          <ErrorAlert error={save.error} title="Not saved" />
          <ErrorAlert error={remove.error} title="Not deleted" />
          {trip && can(member, 'expenses', 'd') && (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                confirmDelete(() =>
                  remove.mutate(trip._id, {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: 'Trip deleted' });
                      onClose();
                    },
                  }),
                )
              }
            >
              Delete trip
            </Button>
          )}
          {readOnly ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          ) : (
            <ModalActions onCancel={onClose} saving={save.isPending} gap="sm" />
          )}
        </Stack>
      </form>
    </Modal>
  );
}
