import { useState } from 'react';
import { Anchor, Badge, Button, Group, MultiSelect, Select, Text } from '@mantine/core';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, type TComponent } from '@fieldbook/core';
import { apiUrl } from '../../api/api-client';
import { useClients } from '../../api/use-clients';
import { useInvoice } from '../../api/use-invoices';
import { PdfViewer } from '../pdf-viewer';
import type { DynamicValues } from './form-values';
import type { Member } from './form-values';

interface FieldProps {
  component: TComponent;
  locked: boolean;
  error?: string;
  values: DynamicValues;
  onChange: (patch: Partial<DynamicValues>) => void;
}

/** The job's client, picked from the company's clients (typing searches). */
export function ClientField({ component, locked, error, values, onChange }: FieldProps) {
  const clients = useClients();
  const data = (clients.data ?? []).map((c) => ({
    value: c._id,
    label: `${c.name} ${c.surname}`.trim() || c.email || c._id,
  }));
  // The job's own client stays listed while the list loads (or when it is not readable).
  if (values.entityId && !data.some((d) => d.value === values.entityId))
    data.unshift({ value: values.entityId, label: values.clientName || 'Client' });
  return (
    <Select
      label={component.label}
      placeholder="Select client"
      searchable
      limit={50}
      nothingFoundMessage={clients.isLoading ? 'Loading…' : 'No clients found'}
      data={data}
      value={values.entityId || null}
      readOnly={locked}
      error={error}
      onChange={(id) =>
        onChange({
          entityId: id ?? '',
          clientName: data.find((d) => d.value === id)?.label ?? '',
        })
      }
    />
  );
}

/** The users assigned to the job: members who are not disabled. */
export function UsersField({
  component,
  locked,
  error,
  values,
  onChange,
  members,
}: FieldProps & { members: Member[] }) {
  const data = members.map((m) => ({ value: m.userId, label: m.name }));
  // An assignee who has left or been disabled still shows by id rather than vanishing.
  for (const id of values.assignedUsers)
    if (!data.some((d) => d.value === id)) data.push({ value: id, label: 'Former member' });
  return (
    <MultiSelect
      label={component.label}
      placeholder={values.assignedUsers.length ? undefined : 'Select users'}
      data={data}
      value={values.assignedUsers}
      readOnly={locked}
      error={error}
      searchable
      onChange={(ids) => onChange({ assignedUsers: ids })}
    />
  );
}

/** A link to the job's invoice and its state, once the job has one. */
export function InvoiceField({
  component,
  invoiceId,
}: {
  component: TComponent;
  invoiceId: string | null;
}) {
  const invoice = useInvoice(invoiceId ?? 'new');
  const inv = invoice.data;
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {component.label}
      </Text>
      {!invoiceId ? (
        <Text size="sm" c="dimmed">
          No invoice yet
        </Text>
      ) : (
        <Group gap="sm">
          <Anchor component={Link} to={`/invoices/${invoiceId}`} size="sm">
            {inv ? `Invoice ${inv.invoiceNumber ?? ''}`.trim() : 'Open invoice'}
          </Anchor>
          {inv && (
            <>
              <Text size="sm">{formatMoney(inv.totals.total)}</Text>
              <Badge color={inv.paid ? 'green' : 'orange'} variant="light">
                {inv.paid ? 'Paid' : 'Unpaid'}
              </Badge>
            </>
          )}
        </Group>
      )}
    </div>
  );
}

/** Where a job's document is printed: for the member (with their view) and its public link. */
export interface DocumentPaths {
  /** The authenticated route (`/companies/{cid}/appointments/{id}/document/{templateId}`). */
  member: string;
  /** The public link, only when the server shared the job's key with this member. */
  public: string | null;
}

/**
 * Prints the component's general template for the job in the PDF viewer, as
 * the member may see it; the public link (in a new tab) only when they may share it.
 */
export function DocumentField({
  component,
  path,
}: {
  component: TComponent;
  path: DocumentPaths | null;
}) {
  const [open, setOpen] = useState(false);
  if (!component.templateId)
    return (
      <Text size="sm" c="dimmed">
        {component.label}: no template chosen
      </Text>
    );
  if (!path)
    return (
      <Text size="sm" c="dimmed">
        {component.label}: save the job first
      </Text>
    );
  return (
    <Group gap="sm">
      <Button
        variant="light"
        leftSection={<IconFileText size={16} />}
        onClick={() => setOpen(true)}
      >
        {component.label}
      </Button>
      {path.public && (
        <Anchor href={apiUrl(path.public)} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span">
            Public link <IconExternalLink size={14} />
          </Group>
        </Anchor>
      )}
      <PdfViewer
        opened={open}
        onClose={() => setOpen(false)}
        title={component.label}
        path={path.member}
        fallbackName={`${component.label}.pdf`}
      />
    </Group>
  );
}
