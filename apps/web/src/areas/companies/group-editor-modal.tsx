import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  can,
  type Area,
  type Flag,
  type MemberAccess,
  type TCompanyGroup,
  type TGroupSave,
} from '@fieldbook/core';
import { useSaveGroup } from '../../api/use-companies';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import { useEditorForm } from '../../ui/use-editor-form';
import { RightsGrid, rightsValues } from '../../ui/rights-grid';

interface Props {
  companyId: string;
  /** The user editing: they may turn on only rights they hold (DECISIONS §2). */
  me: MemberAccess;
  group: TCompanyGroup | null;
  onClose: () => void;
}

/** A group's name and its grid of areas × create/read/update/delete. */
export function GroupEditorModal({ companyId, me, group, onClose }: Props) {
  const save = useSaveGroup(companyId);
  const before = rightsValues(group?.rights);
  // A flag the group has already may stay (or go); a new one must be the user's own.
  const grantable = (a: Area, f: Flag) => can(me, a, f) || before[a][f];
  const form = useForm({
    initialValues: { name: group?.name ?? '', rights: rightsValues(group?.rights) },
    validate: { name: (v) => (v.trim() ? null : 'Group name is required') },
  });
  const { onSubmit: submit } = useEditorForm({
    form,
    save: (v) => {
      const body: TGroupSave = { name: v.name.trim(), rights: v.rights };
      if (group) body._id = group._id;
      return save.mutateAsync(body);
    },
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Group saved' });
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title={group ? 'Edit group' : 'New group'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={save.error} />
          <TextInput label="Group name" data-autofocus {...form.getInputProps('name')} />
          {!me.isOwner && (
            <Text size="sm" c="dimmed">
              You can grant only the rights you hold yourself.
            </Text>
          )}
          <RightsGrid
            grantable={grantable}
            inputProps={(a, f) => form.getInputProps(`rights.${a}.${f}`, { type: 'checkbox' })}
          />
          <ModalActions onCancel={onClose} saving={save.isPending} saveLabel="Save group" />
        </Stack>
      </form>
    </Modal>
  );
}
