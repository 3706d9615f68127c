import { lazy, Suspense } from 'react';
import { Alert, Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { can, type TClientDetail, type TClientType } from '@fieldbook/core';
import { useDeleteClient, useSaveClient } from '../../api/use-clients';
import { useCurrentCompany } from '../../app/company-context';
import { RecordActions } from '../../ui/record-actions';
import { ErrorAlert } from '../../ui/query-state';
import { useRecordEditor } from '../../ui/use-record-editor';
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
  const save = useSaveClient();
  const remove = useDeleteClient();
  const form = useForm<ClientValues>({
    initialValues: client ? clientToValues(client) : emptyClientValues(),
    validate: { name: (v) => (v.trim() ? null : 'Name is required') },
  });
  const { editing, error, edit, onSubmit, cancel, askDelete } = useRecordEditor({
    form,
    record: client,
    toValues: clientToValues,
    save: (values) => save.mutateAsync(valuesToSave(values, client)),
    remove: remove.mutate,
    noun: 'Client',
    listPath: '/clients',
    detailPath: (id) => `/clients/${id}`,
  });

  const values = form.values;
  const type = types.find((t) => t._id === values.entityTemplateId) ?? null;

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <RecordActions
          editing={editing}
          saved={!!client}
          canEdit={can(member, 'clients', 'u')}
          canDelete={can(member, 'clients', 'd')}
          onEdit={edit}
          onDelete={askDelete}
          onCancel={cancel}
          deleting={remove.isPending}
          saving={save.isPending}
        />
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
