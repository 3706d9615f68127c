import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { can, type TClientDetail, type TClientType } from '@fieldbook/core';
import { ApiError } from '../../api/api-client';
import { useDeleteClient, useSaveClient } from '../../api/use-clients';
import { useCurrentCompany } from '../../app/company-context';
import { confirmDelete } from '../../ui/confirm';
import { ErrorAlert } from '../../ui/query-state';
import { useUnsavedChangesPrompt } from '../../ui/use-unsaved-changes-prompt';
import { ClientDocuments } from './client-documents';
import { ClientFields } from './client-fields';
import { clientToValues, emptyClientValues, valuesToSave, type ClientValues } from './client-form';

// Leaflet is loaded with the first client opened, not with the whole app.
const ClientMap = lazy(() => import('./client-map').then((m) => ({ default: m.ClientMap })));

export const ADDRESS_WARNING =
  'Your address is not verified, click edit and search for the address.';

interface Props {
  /** null for a new client. */
  client: TClientDetail | null;
  types: TClientType[];
}

/** The Details tab: view-only, then Edit, then Save or Cancel (spec §4). A new client starts in edit. */
export function ClientDetailsForm({ client, types }: Props) {
  const { member } = useCurrentCompany();
  const navigate = useNavigate();
  const save = useSaveClient();
  const remove = useDeleteClient();
  const [editing, setEditing] = useState(!client);
  const [error, setError] = useState<unknown>(null);
  // Navigation waits for the render that clears `dirty`, so the unsaved-changes prompt stays quiet.
  const [leaveTo, setLeaveTo] = useState<{ to: string; replace: boolean } | null>(null);
  const form = useForm<ClientValues>({
    initialValues: client ? clientToValues(client) : emptyClientValues(),
    validate: { name: (v) => (v.trim() ? null : 'Name is required') },
  });

  // A refetch (after a save or an upload) refills the form, but never over edits in progress.
  const loaded = useRef(client);
  useEffect(() => {
    if (!client || editing || loaded.current === client) return;
    loaded.current = client;
    const values = clientToValues(client);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  });

  const submit = async (goToNew: boolean): Promise<boolean> => {
    if (form.validate().hasErrors) return false;
    setError(null);
    try {
      const values = form.getValues();
      const saved = await save.mutateAsync(valuesToSave(values, client));
      form.setInitialValues(values);
      form.resetDirty(values);
      setEditing(false);
      notifications.show({ color: 'green', message: 'Client saved' });
      if (!client && goToNew) setLeaveTo({ to: `/clients/${saved._id}`, replace: true });
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
    if (!client) setLeaveTo({ to: '/clients', replace: false });
  };

  const askDelete = () =>
    confirmDelete(() => {
      if (!client) return;
      remove.mutate(client._id, {
        onSuccess: () => {
          form.reset();
          setEditing(false);
          notifications.show({ color: 'green', message: 'Client deleted' });
          setLeaveTo({ to: '/clients', replace: true });
        },
        onError: (e) => setError(e),
      });
    });

  const values = form.values;
  const type = types.find((t) => t._id === values.entityTemplateId) ?? null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(true);
      }}
    >
      <Stack gap="lg">
        <Group justify="flex-end" gap="sm">
          {!editing && client && can(member, 'clients', 'u') && (
            <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {editing && client && can(member, 'clients', 'd') && (
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
        <ErrorAlert error={error} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Paper withBorder p="lg">
              <ClientFields form={form} types={types} type={type} readOnly={!editing} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <Paper withBorder p="lg">
                <Title order={3} fz="h4" mb="sm">
                  Address on the map
                </Title>
                {!values.googlePosition && (
                  <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="sm">
                    {ADDRESS_WARNING}
                  </Alert>
                )}
                <Suspense fallback={<Skeleton height={320} />}>
                  <ClientMap
                    position={values.googlePosition}
                    zoom={values.googleZoom}
                    editing={editing}
                    address={values.address}
                    onChange={(position, zoom) =>
                      form.setValues({ googlePosition: position, googleZoom: zoom })
                    }
                  />
                </Suspense>
              </Paper>
              {client && (
                <ClientDocuments client={client} canUpload={can(member, 'clients', 'u')} />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
