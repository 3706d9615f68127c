import { Checkbox, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  AREAS,
  FLAGS,
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

export const AREA_LABELS: Record<Area, string> = {
  invoices: 'Invoices',
  expenses: 'Expenses',
  clients: 'Clients',
  appointments: 'Appointments',
  settings: 'Settings',
};
export const FLAG_LABELS: Record<Flag, string> = {
  c: 'Create',
  r: 'Read',
  u: 'Update',
  d: 'Delete',
};

type Rights = Record<Area, Record<Flag, boolean>>;

function toRights(g: TCompanyGroup | null): Rights {
  const entries = AREAS.map((a) => [
    a,
    Object.fromEntries(FLAGS.map((f) => [f, g?.rights[a]?.[f] === true])) as Record<Flag, boolean>,
  ]);
  return Object.fromEntries(entries) as Rights;
}

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
  const before = toRights(group);
  // A flag the group has already may stay (or go); a new one must be the user's own.
  const grantable = (a: Area, f: Flag) => can(me, a, f) || before[a][f];
  const form = useForm({
    initialValues: { name: group?.name ?? '', rights: toRights(group) },
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
          <Table aria-label="Rights" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Area</Table.Th>
                {FLAGS.map((f) => (
                  <Table.Th key={f} ta="center">
                    {FLAG_LABELS[f]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {AREAS.map((a) => (
                <Table.Tr key={a}>
                  <Table.Td fw={500}>{AREA_LABELS[a]}</Table.Td>
                  {FLAGS.map((f) => (
                    <Table.Td key={f}>
                      <Checkbox
                        aria-label={`${AREA_LABELS[a]} ${FLAG_LABELS[f]}`}
                        styles={{ body: { justifyContent: 'center' } }}
                        disabled={!grantable(a, f)}
                        {...form.getInputProps(`rights.${a}.${f}`, { type: 'checkbox' })}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ModalActions onCancel={onClose} saving={save.isPending} saveLabel="Save group" />
        </Stack>
      </form>
    </Modal>
  );
}
