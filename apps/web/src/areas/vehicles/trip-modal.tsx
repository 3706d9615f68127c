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
import { useForm } from '@mantine/form';
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
import { useEditorForm } from '../../ui/use-editor-form';

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

/** The trip's distance, once both readings are numbers. */
const kilometres = (v: TripValues) =>
  typeof v.openingOdometer === 'number' && typeof v.closingOdometer === 'number'
    ? tripKilometres(v.openingOdometer, v.closingOdometer)
    : null;

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
  const save = useSaveTrip();
  const body = (v: TripValues): TTripSave => ({
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
  });
  // A field's complaint goes once it is changed; Save checks everything again.
  const form = useForm<TripValues>({
    initialValues: {
      date: trip?.date ?? todayIn(company?.timeZone ?? 'Africa/Johannesburg'),
      carId: trip?.carId ?? first?._id ?? null,
      driverId: trip?.driverId ?? user._id,
      from: trip?.from ?? '',
      to: trip?.to ?? '',
      openingOdometer: trip?.openingOdometer ?? first?.lastOdometer ?? '',
      closingOdometer: trip?.closingOdometer ?? '',
      business: trip?.business ?? true,
      reason: trip?.reason ?? '',
    },
    validate: (v) => {
      const found = contractErrors(ZTripSave, body(v), LABELS);
      // The server's rules, said before the round trip.
      const k = kilometres(v);
      if (!found.closingOdometer && k !== null && k < 0)
        found.closingOdometer = 'Closing odometer must not be less than the opening odometer';
      if (v.business && !v.reason.trim()) found.reason = 'Reason is required for a business trip';
      return found;
    },
  });
  const { onSubmit, error } = useEditorForm({
    form,
    save: (v) => save.mutateAsync(body(v)),
    onSaved: (r) => {
      const onPhone = 'onPhone' in r;
      notifications.show({
        color: 'green',
        message: onPhone ? 'Trip saved on this phone' : 'Trip saved',
      });
      onClose();
    },
    fieldErrors: 'box',
  });
  const v = form.values;
  const drivers = (company?.users ?? [])
    .filter((u) => !u.disabled || u.userId === trip?.driverId)
    .map((u) => ({
      value: u.userId,
      label: `${u.name} ${u.surname}`.trim() || (u.emailAddress ?? ''),
    }));
  const km = kilometres(v);

  const chooseCar = (id: string | null) => {
    const car = cars.find((c) => c._id === id);
    form.setFieldValue('carId', id);
    if (!trip && car) form.setFieldValue('openingOdometer', car.lastOdometer);
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
          // Without the right to save, Enter saves nothing.
          if (!readOnly) onSubmit();
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            aria-label="Kind of trip"
            readOnly={readOnly}
            value={v.business ? 'business' : 'private'}
            onChange={(k) => form.setFieldValue('business', k === 'business')}
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
              {...form.getInputProps('date')}
            />
            <Select
              readOnly={readOnly}
              label="Car"
              withAsterisk={!readOnly}
              data={offered.map((c) => ({
                value: c._id,
                label: `${c.registration} · ${c.make} ${c.model}`,
              }))}
              {...form.getInputProps('carId')}
              onChange={chooseCar}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Select
            readOnly={readOnly}
            label="Driver"
            withAsterisk={!readOnly}
            data={drivers}
            {...form.getInputProps('driverId')}
            allowDeselect={false}
            searchable
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              readOnly={readOnly}
              label="From"
              withAsterisk={!readOnly}
              {...form.getInputProps('from')}
            />
            <TextInput
              readOnly={readOnly}
              label="To"
              withAsterisk={!readOnly}
              {...form.getInputProps('to')}
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
              {...form.getInputProps('openingOdometer')}
            />
            <NumberInput
              readOnly={readOnly}
              label="Closing odometer (km)"
              withAsterisk={!readOnly}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('closingOdometer')}
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
            {...form.getInputProps('reason')}
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {km !== null && km >= 0 ? `Distance: ${km.toLocaleString('en-ZA')} km` : ' '}
            </Text>
          </Group>
          <ErrorAlert error={error} title="Not saved" />
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
