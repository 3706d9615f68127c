import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useInvoice } from '../../../api/use-invoices';

/** The job's invoice in the modal's header: 'Invoice INV…', or 'Invoice' when its number cannot be read. */
export function JobInvoiceLink({ invoiceId }: { invoiceId: string }) {
  const invoice = useInvoice(invoiceId);
  const number = invoice.data?.invoiceNumber;
  return (
    <Anchor component={Link} to={`/invoices/${encodeURIComponent(invoiceId)}`} size="sm">
      {number ? `Invoice ${number}` : 'Invoice'}
    </Anchor>
  );
}
