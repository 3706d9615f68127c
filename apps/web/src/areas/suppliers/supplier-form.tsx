import { Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { can, type TSupplier } from '@fieldbook/core';
import { useDeleteSupplier, useSaveSupplier } from '../../api/use-suppliers';
import { useCurrentCompany } from '../../app/company-context';
import { RecordActions } from '../../ui/record-actions';
import { ErrorAlert } from '../../ui/query-state';
import { useRecordEditor } from '../../ui/use-record-editor';

interface Values {
  name: string;
}

const toValues = (s: TSupplier | null): Values => ({ name: s?.name ?? '' });

/**
 * A supplier: view-only, then Edit, then Save or Cancel (spec §4); a new one
 * starts in edit. The name only (finance spec §2): a surname stored before
 * is posted back as it was.
 */
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
        surname: supplier?.surname ?? '',
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
          <TextInput label="Name" required={editing} {...look} {...form.getInputProps('name')} />
          <RecordActions
            editing={editing}
            saved={!!supplier}
            canEdit={can(member, 'clients', 'u')}
            canDelete={can(member, 'clients', 'd')}
            onEdit={edit}
            onDelete={askDelete}
            onCancel={cancel}
            deleting={remove.isPending}
            saving={save.isPending}
          />
        </Stack>
      </form>
    </Paper>
  );
}
