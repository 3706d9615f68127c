import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TPerson } from '@fieldbook/core';
import { useSavePerson } from '../../api/use-people';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import { PERSON_TYPE_OPTIONS, type PersonType } from './person-types';
import { useEditorForm } from '../../ui/use-editor-form';

interface Values {
  name: string;
  surname: string;
  rank: PersonType;
  weight: number | string;
  height: number | string;
  circum: number | string;
}

const toNumber = (v: number | string): number | null =>
  v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v);

/** Edit a person's name, type and measurements. */
export function EditPersonModal({ person, onClose }: { person: TPerson; onClose: () => void }) {
  const save = useSavePerson(person._id);
  const form = useForm<Values>({
    initialValues: {
      name: person.name,
      surname: person.surname,
      rank: person.rank,
      weight: person.weight ?? '',
      height: person.height ?? '',
      circum: person.circum ?? '',
    },
  });
  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) =>
      save.mutateAsync({
        name: v.name.trim(),
        surname: v.surname.trim(),
        rank: v.rank,
        weight: toNumber(v.weight),
        height: toNumber(v.height),
        circum: toNumber(v.circum),
      }),
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Person saved' });
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title="Edit person" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={save.error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Surname" {...form.getInputProps('surname')} />
          </SimpleGrid>
          <Select
            label="Type"
            data={PERSON_TYPE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('rank')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Weight (kg)"
              min={0}
              max={1000}
              decimalScale={1}
              {...form.getInputProps('weight')}
            />
            <NumberInput
              label="Height (m)"
              min={0}
              max={3}
              decimalScale={2}
              step={0.01}
              {...form.getInputProps('height')}
            />
            <NumberInput
              label="Circumference (cm)"
              min={0}
              max={1000}
              decimalScale={1}
              {...form.getInputProps('circum')}
            />
          </SimpleGrid>
          <ModalActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
