import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { can, type TSupplier } from '@fieldbook/core';
import { ApiError } from '../../api/api-client';
import { useDeleteSupplier, useSaveSupplier } from '../../api/use-suppliers';
import { useCurrentCompany } from '../../app/company-context';
import { confirmDelete } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/query-state';
import { useUnsavedChangesPrompt } from '../../ui/use-unsaved-changes-prompt';

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
  const navigate = useNavigate();
  const save = useSaveSupplier();
  const remove = useDeleteSupplier();
  const [editing, setEditing] = useState(!supplier);
  const [error, setError] = useState<unknown>(null);
  // Navigation waits for the render that clears `dirty`, so the unsaved-changes prompt stays quiet.
  const [leaveTo, setLeaveTo] = useState<{ to: string; replace: boolean } | null>(null);
  const form = useForm<Values>({
    initialValues: toValues(supplier),
    validate: { name: (v) => (v.trim() ? null : 'Name is required') },
  });

  // A refetch refills the form, but never over edits in progress.
  const loaded = useRef(supplier);
  useEffect(() => {
    if (!supplier || editing || loaded.current === supplier) return;
    loaded.current = supplier;
    form.setInitialValues(toValues(supplier));
    form.setValues(toValues(supplier));
    form.resetDirty(toValues(supplier));
  });

  const submit = async (goToNew: boolean): Promise<boolean> => {
    if (form.validate().hasErrors) return false;
    setError(null);
    try {
      const v = form.getValues();
      const saved = await save.mutateAsync({
        ...(supplier ? { _id: supplier._id } : {}),
        name: v.name.trim(),
        surname: v.surname.trim(),
      });
      form.setInitialValues(v);
      form.resetDirty(v);
      setEditing(false);
      notifications.show({ color: 'green', message: 'Supplier saved' });
      if (!supplier && goToNew) setLeaveTo({ to: `/suppliers/${saved._id}`, replace: true });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.fields) form.setErrors(e.fields);
      setError(e);
      return false;
    }
  };

  useUnsavedChangesPrompt(editing && form.isDirty(), () => submit(false));
  // After the prompt's hook: its blocker must already know that nothing is dirty.
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo.to, { replace: leaveTo.replace });
  }, [leaveTo, navigate]);

  const cancel = () => {
    form.reset();
    form.clearErrors();
    setError(null);
    setEditing(false);
    if (!supplier) setLeaveTo({ to: '/suppliers', replace: false });
  };

  const askDelete = () =>
    confirmDelete(() => {
      if (!supplier) return;
      remove.mutate(supplier._id, {
        onSuccess: () => {
          form.reset();
          setEditing(false);
          notifications.show({ color: 'green', message: 'Supplier deleted' });
          setLeaveTo({ to: '/suppliers', replace: true });
        },
        onError: (e) => setError(e),
      });
    });

  const look = { readOnly: !editing, variant: editing ? 'default' : 'filled' } as const;
  return (
    <Paper withBorder p="lg" maw={720}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(true);
        }}
      >
        <Stack gap="md">
          <ErrorAlert error={error} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required={editing} {...look} {...form.getInputProps('name')} />
            <TextInput label="Surname" {...look} {...form.getInputProps('surname')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            {!editing && supplier && can(member, 'clients', 'u') && (
              <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
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
