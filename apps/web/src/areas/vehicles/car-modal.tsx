import { Checkbox, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ZCarSave, type TCar, type TCarSave } from '@fieldbook/core';
import { useSaveCar } from '../../api/use-vehicles';
import { contractErrors } from '../../ui/contract-errors';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';
import { useEditorForm } from '../../ui/use-editor-form';

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
  const save = useSaveCar();
  const body = (v: CarValues): TCarSave => ({
    ...(car && { _id: car._id, updatedAt: car.updatedAt }),
    registration: v.registration,
    make: v.make,
    model: v.model,
    openingOdometer: typeof v.openingOdometer === 'number' ? v.openingOdometer : NaN,
    year: typeof v.year === 'number' ? v.year : null,
    active: v.active,
  });
  // A field's complaint goes once it is changed; Save checks everything again.
  const form = useForm<CarValues>({
    initialValues: {
      registration: car?.registration ?? '',
      make: car?.make ?? '',
      model: car?.model ?? '',
      openingOdometer: car?.openingOdometer ?? '',
      year: car?.year ?? '',
      active: car?.active ?? true,
    },
    validate: (v) => contractErrors(ZCarSave, body(v), LABELS),
  });
  const { onSubmit, error } = useEditorForm({
    form,
    save: (v) => save.mutateAsync(body(v)),
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Car saved' });
      onClose();
    },
    fieldErrors: 'box',
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={car ? 'Edit car' : 'Add car'}
      closeOnClickOutside={false}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Registration" required {...form.getInputProps('registration')} />
            <NumberInput
              label="Year"
              min={1900}
              max={2100}
              allowDecimal={false}
              {...form.getInputProps('year')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Make" required {...form.getInputProps('make')} />
            <TextInput label="Model" required {...form.getInputProps('model')} />
          </SimpleGrid>
          <NumberInput
            label="Opening odometer (km)"
            description="The reading when the car joined the log book"
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            {...form.getInputProps('openingOdometer')}
          />
          <Checkbox
            label="Active (offered for new trips)"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <ErrorAlert error={error} title="Not saved" />
          <ModalActions onCancel={onClose} saving={save.isPending} gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
