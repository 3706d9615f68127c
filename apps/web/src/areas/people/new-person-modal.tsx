import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/api-client';
import { useCreatePerson } from '../../api/use-people';
import { ErrorAlert } from '../../ui/query-state';
import { PERSON_TYPE_OPTIONS, type PersonType } from './person-types';

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
  const submit = form.onSubmit((v) =>
    create.mutate(
      { name: v.name.trim(), surname: v.surname.trim(), rank: v.rank },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Person created' });
          close();
        },
        onError: (e) => e instanceof ApiError && e.fields && form.setErrors(e.fields),
      },
    ),
  );

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
