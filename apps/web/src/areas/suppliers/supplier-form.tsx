import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { can, type TSupplier } from '@fieldbook/core';
import { useDeleteSupplier, useSaveSupplier } from '../../api/use-suppliers';
import { useCurrentCompany } from '../../app/company-context';
import { ErrorAlert } from '../../ui/query-state';
import { useRecordEditor } from '../../ui/use-record-editor';

interface Values {
  name: string;
  surname: string;
}

const toValues = (s: TSupplier | null): Values => ({
  name: s?.name ?? '',
  surname: s?.surname ?? '',
});

/** A supplier: view-only, then Edit, then Save or Cancel (spec §4); a new one starts in edit. */
export function SupplierForm({ supplier }: { supplier: TSupplier | null }) {
  const { member } = useCurrentCompany();
  const save = useSaveSupplier();
  const remove = useDeleteSupplier();
  const form = useForm<Values>({
    initialValues: toValues(supplier),
    validate: { name: (v) => (v.trim() ? null : 'Name is required') },
  });
  const { editing, error, edit, onSubmit, cancel, askDelete } = useRecordEditor({
    form,
    record: supplier,
    toValues,
    save: (v) =>
      save.mutateAsync({
        ...(supplier ? { _id: supplier._id } : {}),
        name: v.name.trim(),
        surname: v.surname.trim(),
      }),
    remove: remove.mutate,
    noun: 'Supplier',
    listPath: '/suppliers',
    detailPath: (id) => `/suppliers/${id}`,
  });

  const look = { readOnly: !editing, variant: editing ? 'default' : 'filled' } as const;
  return (
    <Paper withBorder p="lg" maw={720}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <ErrorAlert error={error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required={editing} {...look} {...form.getInputProps('name')} />
            <TextInput label="Surname" {...look} {...form.getInputProps('surname')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            {!editing && supplier && can(member, 'clients', 'u') && (
              <Button leftSection={<IconPencil size={16} />} onClick={edit}>
                Edit
              </Button>
            )}
            {editing && supplier && can(member, 'clients', 'd') && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={askDelete}
                mr="auto"
              >
                Delete
              </Button>
            )}
            {editing && (
              <>
                <Button variant="default" onClick={cancel}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
