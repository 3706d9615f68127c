import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TCompany } from '@fieldbook/core';
import { useInviteUser } from '../../api/use-companies';
import { ErrorAlert } from '../../ui/query-state';
import { NO_GROUP, groupOptions } from './company-form';
import { useEditorForm } from '../../ui/use-editor-form';

interface Props {
  company: TCompany;
  opened: boolean;
  onClose: () => void;
}

/** Invite someone by e-mail; they get a sign-in link and join the company. */
export function InviteUserModal({ company, opened, onClose }: Props) {
  const invite = useInviteUser(company._id);
  const form = useForm({
    initialValues: { email: '', name: '', surname: '', group: NO_GROUP },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter a valid e-mail address'),
      name: (v) => (v.trim() ? null : 'Name is required'),
      surname: (v) => (v.trim() ? null : 'Surname is required'),
    },
  });
  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };
  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) =>
      invite.mutateAsync({
        email: v.email.trim(),
        name: v.name.trim(),
        surname: v.surname.trim(),
        group: v.group === NO_GROUP ? null : v.group,
      }),
    onSaved: (r) => {
      notifications.show({ color: 'green', message: r.message || 'Invitation sent' });
      close();
      // Blank again for the next opening.
      return form.getInitialValues();
    },
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite a user" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={invite.error} />
          <TextInput label="Email" type="email" data-autofocus {...form.getInputProps('email')} />
          <TextInput label="Name" {...form.getInputProps('name')} />
          <TextInput label="Surname" {...form.getInputProps('surname')} />
          <Select
            label="Group"
            data={groupOptions(company)}
            allowDeselect={false}
            {...form.getInputProps('group')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
