import { Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TWebhookEndpoint, TWebhookEndpointWithSecret } from '@fieldbook/core';
import { useWebhookActions } from '../../api/use-webhooks';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';
import { useEditorForm } from '../../ui/use-editor-form';
import { usePhone } from '../../ui/use-phone';
import {
  EVENT_GROUPS,
  blankWebhook,
  toggleAll,
  toggleEvent,
  webhookErrors,
  webhookValues,
  type WebhookValues,
} from './webhook-form';

interface Props {
  /** The endpoint to edit, or null for a new one. */
  endpoint: TWebhookEndpoint | null;
  /** Plain http and private addresses are allowed by the operator. */
  allowPrivate: boolean;
  onClose: () => void;
  /** A new endpoint was made: its secret, to show once. */
  onCreated: (made: TWebhookEndpointWithSecret) => void;
}

/** Add or edit a webhook endpoint: URL, description and the events it receives. */
export function WebhookModal({ endpoint, allowPrivate, onClose, onCreated }: Props) {
  const phone = usePhone();
  const { create, update } = useWebhookActions();
  const form = useForm<WebhookValues>({
    initialValues: endpoint ? webhookValues(endpoint) : blankWebhook(),
    clearInputErrorOnChange: false,
    validate: webhookErrors,
  });
  const { onSubmit, error } = useEditorForm({
    form,
    save: async (v) =>
      endpoint
        ? { edited: await update.mutateAsync({ id: endpoint._id, ...v }) }
        : { made: await create.mutateAsync(v) },
    onSaved: (r) => {
      if (r.made) onCreated(r.made);
      onClose();
    },
  });
  const v = form.values;
  const all = EVENT_GROUPS.every((g) => g.events.every((e) => v.events.includes(e.value)));

  return (
    <Modal
      opened
      onClose={onClose}
      title={endpoint ? 'Edit webhook' : 'Add webhook'}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={false}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <ErrorAlert error={error} title="Not saved" />
          <TextInput
            label="URL"
            required
            description={
              allowPrivate
                ? 'Where each event is posted.'
                : 'Where each event is posted: https, on the public internet.'
            }
            inputMode="url"
            {...form.getInputProps('url')}
            data-autofocus
          />
          <TextInput label="Description" {...form.getInputProps('description')} />
          <Group justify="space-between" align="flex-end">
            <Text fw={500} size="sm">
              Events
            </Text>
            <Checkbox
              label="All events"
              checked={all}
              indeterminate={!all && v.events.length > 0}
              onChange={(e) => form.setValues(toggleAll(v, e.currentTarget.checked))}
            />
          </Group>
          {form.errors.events && (
            <Text c="red" size="sm" role="alert">
              {form.errors.events}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {EVENT_GROUPS.map((g) => (
              <Stack key={g.label} gap={6}>
                <Text size="sm" c="dimmed">
                  {g.label}
                </Text>
                {g.events.map((e) => (
                  <Checkbox
                    key={e.value}
                    label={e.label}
                    description={e.value}
                    checked={v.events.includes(e.value)}
                    onChange={(x) =>
                      form.setValues(toggleEvent(v, e.value, x.currentTarget.checked))
                    }
                  />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          <ModalActions onCancel={onClose} saving={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
