import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { documentNumber, type TInvoice } from '@fieldbook/core';
import { documentPaths } from '../../api/use-delivery';
import { useCurrentCompany } from '../../app/company-context';
import { PdfViewer } from '../../ui/pdf-viewer';
import { SendEmailModal } from '../../ui/send-email-modal';

type Doc = Pick<TInvoice, '_id' | 'isQuote' | 'invoiceNumber' | 'quoteNumber'>;

/** 'Invoice INV00042' or 'Quote QUO00007'. */
export const documentName = (inv: Doc) =>
  `${inv.isQuote ? 'Quote' : 'Invoice'} ${documentNumber(inv)}`.trim();

/** The send modal of a saved invoice or quote; a send refreshes its sent date and count. */
export function SendInvoiceModal({ invoice, onClose }: { invoice: Doc; onClose: () => void }) {
  return (
    <SendEmailModal
      kind="invoice"
      id={invoice._id}
      title={`Send ${documentName(invoice)}`}
      onClose={onClose}
    />
  );
}

/**
 * Download (the PDF viewer) and Send (the send modal) of a saved invoice or
 * quote, for the editor's read-only toolbar.
 */
export function InvoiceDocumentButtons({ invoice, canSend }: { invoice: Doc; canSend: boolean }) {
  const { companyId } = useCurrentCompany();
  const [open, setOpen] = useState<'pdf' | 'send' | null>(null);
  const name = documentName(invoice);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={() => setOpen('pdf')}
      >
        Download
      </Button>
      {canSend && (
        <Button
          variant="light"
          leftSection={<IconSend size={16} />}
          onClick={() => setOpen('send')}
        >
          Send
        </Button>
      )}
      <PdfViewer
        opened={open === 'pdf'}
        onClose={() => setOpen(null)}
        title={name}
        path={documentPaths(companyId, 'invoice', invoice._id).download}
        fallbackName={`${documentNumber(invoice) || 'invoice'}.pdf`}
      />
      {open === 'send' && <SendInvoiceModal invoice={invoice} onClose={() => setOpen(null)} />}
    </>
  );
}
