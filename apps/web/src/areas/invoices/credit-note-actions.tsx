import { useState } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCashBanknote, IconDownload, IconSend } from '@tabler/icons-react';
import type { TCreditNote } from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { downloadFile } from '../../api/download';
import { SendEmailModal } from '../../ui/send-email-modal';
import { useDownload } from '../../ui/use-download';
import { RefundModal } from './refund-modal';
import { stillOwed } from './refund-values';

/** The note's PDF; every print after the first is marked "Copy". */
function PdfButton({ note }: { note: TCreditNote }) {
  const { companyId } = useCurrentCompany();
  const { busy, run } = useDownload(() =>
    downloadFile(
      `/companies/${companyId ?? ''}/credit-notes/${encodeURIComponent(note._id)}/download`,
      `${note.number}.pdf`,
    ),
  );
  return (
    <Tooltip label="Download PDF">
      <ActionIcon
        variant="subtle"
        aria-label={`Download credit note ${note.number}`}
        loading={busy}
        onClick={() => void run()}
      >
        <IconDownload size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

interface Props {
  note: TCreditNote;
  today: string;
  /** The member may send the note and record refunds (invoices u). */
  canEdit: boolean;
}

/**
 * What can be done with an issued note (docs/payments.md): its PDF, Send
 * (the send modal, the PDF attached), and its refunds when it owed the
 * client something (Record refund while it still does).
 */
export function CreditNoteActions({ note, today, canEdit }: Props) {
  const [open, setOpen] = useState<'send' | 'refunds' | null>(null);
  const owed = stillOwed(note);
  const showRefunds = note.refunds.length > 0 || (canEdit && owed > 0);
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <PdfButton note={note} />
      {canEdit && (
        <Tooltip label="Send">
          <ActionIcon
            variant="subtle"
            aria-label={`Send credit note ${note.number}`}
            onClick={() => setOpen('send')}
          >
            <IconSend size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {showRefunds && (
        <Tooltip label="Refunds">
          <ActionIcon
            variant="subtle"
            color="grape"
            aria-label={`Refunds of credit note ${note.number}`}
            onClick={() => setOpen('refunds')}
          >
            <IconCashBanknote size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {open === 'send' && (
        <SendEmailModal
          kind="creditNote"
          id={note._id}
          title={`Send credit note ${note.number}`}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'refunds' && (
        <RefundModal note={note} today={today} canEdit={canEdit} onClose={() => setOpen(null)} />
      )}
    </Group>
  );
}
