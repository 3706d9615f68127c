import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCreatePerson } from '../../api/use-people';
import { ErrorAlert } from '../../ui/query-state';
import { PERSON_TYPE_OPTIONS, type PersonType } from './person-types';
import { useEditorForm } from '../../ui/use-editor-form';

/** Create a person with name, surname and type. */
export function NewPersonModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreatePerson();
  const form = useForm<{ name: string; surname: string; rank: PersonType }>({
    initialValues: { name: '', surname: '', rank: 'client' },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) =>
      create.mutateAsync({ name: v.name.trim(), surname: v.surname.trim(), rank: v.rank }),
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Person created' });
      close();
      // Blank again for the next opening.
      return form.getInitialValues();
    },
  });

  return (
    <Modal opened={opened} onClose={close} title="New person" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={create.error} />
          <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Surname" {...form.getInputProps('surname')} />
          <Select
            label="Type"
            data={PERSON_TYPE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('rank')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
