import { Button, Group } from '@mantine/core';
import {
  IconCash,
  IconCopy,
  IconDeviceFloppy,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { TInvoice } from '@fieldbook/core';
import { InvoiceDocumentButtons } from './send-invoice-modal';

export interface InvoiceActionsProps {
  editing: boolean;
  saved: boolean;
  isQuote: boolean;
  /** The saved document, for Download and Send. */
  invoice?: Pick<
    TInvoice,
    '_id' | 'isQuote' | 'invoiceNumber' | 'quoteNumber' | 'paid' | 'amountPaid'
  >;
  rights: { edit: boolean; create: boolean; remove: boolean; send?: boolean };
  busy: { save: boolean; copy: boolean; remove: boolean };
  onEdit: () => void;
  onCancel: () => void;
  onClose: () => void;
  onDelete: () => void;
  onCopy: () => void;
  onPay: () => void;
}

/** A saved invoice with a payment and a balance still open. */
const partlyPaid = (i: { paid: boolean; amountPaid: number } | null | undefined) =>
  !!i && !i.paid && i.amountPaid > 0;

/**
 * Save and Cancel while editing; Delete, Copy, Mark As Paid, Download, Send,
 * Edit and Close when read-only.
 */
export function InvoiceActions(p: InvoiceActionsProps) {
  if (p.editing)
    return (
      <Group gap="sm">
        {p.saved && p.rights.remove && (
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={16} />}
            loading={p.busy.remove}
            onClick={p.onDelete}
          >
            Delete
          </Button>
        )}
        <Button variant="default" onClick={p.onCancel}>
          Cancel
        </Button>
        <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={p.busy.save}>
          Save
        </Button>
      </Group>
    );
  return (
    <Group gap="sm">
      {p.rights.remove && (
        <Button
          color="red"
          variant="subtle"
          leftSection={<IconTrash size={16} />}
          loading={p.busy.remove}
          onClick={p.onDelete}
        >
          Delete
        </Button>
      )}
      {p.rights.create && (
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          loading={p.busy.copy}
          onClick={p.onCopy}
        >
          Copy
        </Button>
      )}
      {/* Paid in part: payments are recorded in the Payments panel (docs/payments.md). */}
      {!p.isQuote && p.rights.edit && !partlyPaid(p.invoice) && (
        <Button
          variant="light"
          color="green"
          leftSection={<IconCash size={16} />}
          onClick={p.onPay}
        >
          Mark As Paid
        </Button>
      )}
      {p.invoice && <InvoiceDocumentButtons invoice={p.invoice} canSend={!!p.rights.send} />}
      {p.rights.edit && (
        <Button leftSection={<IconPencil size={16} />} onClick={p.onEdit}>
          Edit
        </Button>
      )}
      <Button variant="default" leftSection={<IconX size={16} />} onClick={p.onClose}>
        Close
      </Button>
    </Group>
  );
}
