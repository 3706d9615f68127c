import { useState } from 'react';
import { Checkbox, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ZCarSave, type TCar, type TCarSave } from '@fieldbook/core';
import { useSaveCar } from '../../api/use-vehicles';
import { contractErrors } from '../../ui/contract-errors';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';

interface CarValues {
  registration: string;
  make: string;
  model: string;
  openingOdometer: number | string;
  year: number | string;
  active: boolean;
}

const LABELS = {
  registration: 'Registration',
  make: 'Make',
  model: 'Model',
  openingOdometer: 'Opening odometer',
  year: 'Year',
};

/** Add or edit a car; the server keeps registrations unique, ignoring case and spaces. */
export function CarModal({ car, onClose }: { car: TCar | null; onClose: () => void }) {
  const [v, setV] = useState<CarValues>(() => ({
    registration: car?.registration ?? '',
    make: car?.make ?? '',
    model: car?.model ?? '',
    openingOdometer: car?.openingOdometer ?? '',
    year: car?.year ?? '',
    active: car?.active ?? true,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCar();
  const set = (patch: Partial<CarValues>) => {
    setV((old) => ({ ...old, ...patch }));
    // A field's complaint goes once it is changed; Save checks everything again.
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => !(k in patch))));
  };

  const submit = () => {
    const body: TCarSave = {
      ...(car && { _id: car._id, updatedAt: car.updatedAt }),
      registration: v.registration,
      make: v.make,
      model: v.model,
      openingOdometer: typeof v.openingOdometer === 'number' ? v.openingOdometer : NaN,
      year: typeof v.year === 'number' ? v.year : null,
      active: v.active,
    };
    const found = contractErrors(ZCarSave, body, LABELS);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Car saved' });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={car ? 'Edit car' : 'Add car'}
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
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Registration"
              required
              value={v.registration}
              error={errors.registration}
              onChange={(e) => set({ registration: e.currentTarget.value })}
            />
            <NumberInput
              label="Year"
              min={1900}
              max={2100}
              allowDecimal={false}
              value={v.year}
              error={errors.year}
              onChange={(n) => set({ year: n })}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Make"
              required
              value={v.make}
              error={errors.make}
              onChange={(e) => set({ make: e.currentTarget.value })}
            />
            <TextInput
              label="Model"
              required
              value={v.model}
              error={errors.model}
              onChange={(e) => set({ model: e.currentTarget.value })}
            />
          </SimpleGrid>
          <NumberInput
            label="Opening odometer (km)"
            description="The reading when the car joined the log book"
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            value={v.openingOdometer}
            error={errors.openingOdometer}
            onChange={(n) => set({ openingOdometer: n })}
          />
          <Checkbox
            label="Active (offered for new trips)"
            checked={v.active}
            onChange={(e) => set({ active: e.currentTarget.checked })}
          />
          <ErrorAlert error={save.error} title="Not saved" />
          <ModalActions onCancel={onClose} saving={save.isPending} gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
