import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { ApiError } from '../../api/api-client';
import { useInvoice } from '../../api/use-invoices';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { InvoiceEditor } from './invoice-editor';
import { useScreenSearchParams } from '../../ui/use-screen-search';

/** /invoices/{id}, /invoices/new and /invoices/new?quote=1. */
export function InvoicePage() {
  const { id = 'new' } = useParams();
  const [params] = useScreenSearchParams();
  const { company, member } = useCurrentCompany();
  const invoice = useInvoice(id);

  if (!company)
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (id === 'new') {
    const quote = params.get('quote') === '1';
    // A fresh editor for each kind, so New Quote after New Invoice starts clean.
    return (
      <InvoiceEditor
        key={quote ? 'new-quote' : 'new-invoice'}
        company={company}
        member={member}
        invoice={undefined}
        newQuote={quote}
      />
    );
  }
  // A missing invoice says what failed (spec §8).
  const error =
    invoice.error instanceof ApiError && invoice.error.status === 404
      ? new Error('Invoice not found')
      : invoice.error;
  return (
    <>
      {error && (
        <PageHeader
          title="Invoice"
          breadcrumbs={[
            { label: 'Dashboard', to: '/' },
            { label: 'Invoices', to: '/invoices' },
            { label: 'Invoice' },
          ]}
        />
      )}
      <QueryState query={{ data: invoice.data, isLoading: invoice.isLoading, error }}>
        {(inv) => <InvoiceEditor key={inv._id} company={company} member={member} invoice={inv} />}
      </QueryState>
    </>
  );
}
