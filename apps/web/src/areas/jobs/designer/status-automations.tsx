import {
  Divider,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { JOB_PLACEHOLDERS, type TStatus } from '@fieldbook/core';

export interface TemplateOption {
  value: string;
  label: string;
}

interface Props {
  status: TStatus;
  invoiceTemplates: TemplateOption[];
  generalTemplates: TemplateOption[];
  onChange: (patch: Partial<TStatus>) => void;
}

const FREQUENCY_OPTIONS = [
  { value: 'creation', label: 'At once (creation)' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

/** Template choices as `{ id, name }`, the way a status keeps them. */
const toRefs = (ids: string[], options: TemplateOption[]) =>
  ids.map((id) => ({ id, name: options.find((o) => o.value === id)?.label ?? id }));

/** Options that include templates the status names but the list no longer has. */
const withKept = (options: TemplateOption[], refs: { id: string; name: string }[]) => [
  ...options,
  ...refs
    .filter((r) => !options.some((o) => o.value === r.id))
    .map((r) => ({
      value: r.id,
      label: r.name,
    })),
];

/**
 * What happens when a job enters the status (DECISIONS §9): the invoice made
 * from its lines and how it is sent, and the e-mails to the assignee and the
 * client.
 */
export function StatusAutomations({
  status: s,
  invoiceTemplates,
  generalTemplates,
  onChange,
}: Props) {
  const includeOptions = withKept(generalTemplates, s.autoSendInvoiceClientIncludeTemplates);
  const notifyOptions = withKept(generalTemplates, s.sendNotificationTemplates);
  return (
    <Stack gap="xs">
      <Divider label="Invoice on entry" labelPosition="left" />
      <Switch
        label="Generate an invoice from the job's lines"
        checked={s.autoGenerateInvoice}
        onChange={(e) => onChange({ autoGenerateInvoice: e.currentTarget.checked })}
      />
      <Select
        label="Invoice template"
        data={invoiceTemplates}
        value={s.autoSendInvoiceTemplate ?? null}
        clearable
        placeholder="The company's default"
        onChange={(v) => onChange({ autoSendInvoiceTemplate: v })}
      />
      <Switch
        label="E-mail the invoice to the client"
        checked={s.autoSendInvoiceClient}
        onChange={(e) => onChange({ autoSendInvoiceClient: e.currentTarget.checked })}
      />
      {s.autoSendInvoiceClient && (
        <Stack gap="xs" pl="md">
          <Select
            label="Send the invoice"
            data={FREQUENCY_OPTIONS}
            value={s.autoSendInvoiceClientFrequency}
            allowDeselect={false}
            onChange={(v) =>
              v &&
              onChange({
                autoSendInvoiceClientFrequency: v as TStatus['autoSendInvoiceClientFrequency'],
              })
            }
          />
          <Switch
            label="One e-mail per client for the invoices gathered"
            checked={s.autoGroupInvoiceClient}
            onChange={(e) => onChange({ autoGroupInvoiceClient: e.currentTarget.checked })}
          />
          <MultiSelect
            label="Documents sent with the invoice"
            data={includeOptions}
            value={s.autoSendInvoiceClientIncludeTemplates.map((r) => r.id)}
            onChange={(ids) =>
              onChange({ autoSendInvoiceClientIncludeTemplates: toRefs(ids, includeOptions) })
            }
            maxValues={10}
            placeholder="None"
          />
        </Stack>
      )}
      <Switch
        label="Then move the job to its next status"
        checked={s.autoMoveInvoiceClient}
        onChange={(e) => onChange({ autoMoveInvoiceClient: e.currentTarget.checked })}
      />

      <Divider label="E-mails on entry" labelPosition="left" />
      <Switch
        label="E-mail the assignee"
        checked={s.sendNotification}
        onChange={(e) => onChange({ sendNotification: e.currentTarget.checked })}
      />
      <Switch
        label="E-mail the client"
        checked={s.sendNotificationClient}
        onChange={(e) => onChange({ sendNotificationClient: e.currentTarget.checked })}
      />
      {(s.sendNotification || s.sendNotificationClient) && (
        <Stack gap="xs" pl="md">
          <TextInput
            label="Subject"
            value={s.sendNotificationSubject}
            maxLength={200}
            onChange={(e) => onChange({ sendNotificationSubject: e.currentTarget.value })}
          />
          <Textarea
            label="Message"
            description={
              <>
                Placeholders:{' '}
                <Text span ff="monospace" size="xs">
                  {JOB_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}
                </Text>
              </>
            }
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            value={s.sendNotificationBody}
            onChange={(e) => onChange({ sendNotificationBody: e.currentTarget.value })}
          />
          <Switch
            label="Attach the job's invoice"
            checked={s.sendNotificationInvoice}
            onChange={(e) => onChange({ sendNotificationInvoice: e.currentTarget.checked })}
          />
          {s.sendNotificationInvoice && (
            <Select
              label="Attached invoice's template"
              data={invoiceTemplates}
              value={s.sendNotificationInvoiceTemplate ?? null}
              clearable
              placeholder="The company's default"
              onChange={(v) => onChange({ sendNotificationInvoiceTemplate: v })}
            />
          )}
          <MultiSelect
            label="Documents attached"
            data={notifyOptions}
            value={s.sendNotificationTemplates.map((r) => r.id)}
            onChange={(ids) => onChange({ sendNotificationTemplates: toRefs(ids, notifyOptions) })}
            maxValues={10}
            placeholder="None"
          />
        </Stack>
      )}
    </Stack>
  );
}
