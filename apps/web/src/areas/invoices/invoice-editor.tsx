import { useEffect, useState } from 'react';
import { Alert, Grid, Paper, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useLocation, useNavigate } from 'react-router';
import {
  LINE_DESCRIPTION_MESSAGE,
  LINE_PRICE_QTY_MESSAGE,
  addAmounts,
  can,
  todayIn,
  type TCompany,
  type TInvoice,
  type MemberAccess,
} from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useCopyInvoice, useDeleteInvoice, useSaveInvoice } from '../../api/use-invoices';
import { useItems } from '../../api/use-items';
import { confirmDelete } from '../../ui/confirm';
import { PageHeader } from '../../ui/page-header';
import { ErrorAlert } from '../../ui/query-state';
import { useEditorForm } from '../../ui/use-editor-form';
import { AddLineForm } from './add-line-form';
import { DiscountFields } from './discount-fields';
import { SendHistoryPanel } from './send-history-panel';
import { InvoiceActions } from './invoice-actions';
import {
  invoiceToValues,
  newInvoiceValues,
  num,
  valuesToSave,
  valuesTotals,
  type InvoiceValues,
} from './invoice-form';
import { InvoiceHeadFields } from './invoice-head-fields';
import { LineItemsTable } from './line-items-table';
import { PaidBanner } from './paid-banner';
import { PaymentsPanel } from './payments-panel';
import { DepositFields } from './deposit-fields';
import { QuoteAnswersLog, QuoteResponseBanner } from './quote-response-banner';
import { CreditNotesPanel } from './credit-notes-panel';
import { PayModal, type PayValues } from './pay-modal';
import { ReadOnlyField } from './read-only-field';
import { TotalsPanel } from './totals-panel';
import { FREQUENCY_OPTIONS, RecurringNote, RecurringSwitch } from '../recurring/recurring-switch';

interface InvoiceEditorProps {
  company: TCompany;
  member: MemberAccess | null;
  /** The saved document; absent for a new one. */
  invoice: TInvoice | undefined;
  /** For a new document: start as a quote. */
  newQuote?: boolean;
}

const title = (inv: TInvoice | undefined, newQuote: boolean) =>
  !inv
    ? newQuote
      ? 'New Quote'
      : 'New Invoice'
    : inv.isQuote
      ? `Quote ${inv.quoteNumber ?? ''}`.trim()
      : `Invoice ${inv.invoiceNumber ?? ''}`.trim();

/** 'Invoice saved'; lines ticked 'Save item' joined the price list with the save. */
const savedNote = (r: { savedItems?: string[] }, values: InvoiceValues) => {
  const kind = values.isQuote ? 'Quote' : 'Invoice';
  return r.savedItems?.length
    ? `${kind} saved. Added to the price list: ${r.savedItems.join(', ')}`
    : `${kind} saved`;
};

/** The invoice or quote editor: read-only until Edit; a new one opens in edit mode. */
export function InvoiceEditor({ company, member, invoice, newQuote = false }: InvoiceEditorProps) {
  const navigate = useNavigate();
  // 'Invoice saved' shows in the page, not over it (a floating note covered the Balance row);
  // a new document's note comes along to its own address.
  const arrived = (useLocation().state as { saved?: string } | null)?.saved ?? null;
  const [saved, setSaved] = useState<string | null>(invoice ? arrived : null);
  const today = todayIn(company.timeZone);
  const [editing, setEditing] = useState(!invoice);
  const [paying, setPaying] = useState(false);
  // Where to go once the form no longer counts as dirty (after a save, Cancel or Delete).
  const [leaveTo, setLeaveTo] = useState<{ to: string; saved?: string } | null>(null);
  const save = useSaveInvoice();
  const copy = useCopyInvoice();
  const del = useDeleteInvoice();
  const items = useItems();
  const form = useForm<InvoiceValues>({
    initialValues: invoice
      ? invoiceToValues(invoice)
      : newInvoiceValues(newQuote, today, company.tax),
    validate: {
      entityId: (v) => (v ? null : 'Please select a client'),
      descriptions: {
        description: (v) => (v.trim() ? null : LINE_DESCRIPTION_MESSAGE),
        qty: (v) => (num(v) === null ? LINE_PRICE_QTY_MESSAGE : null),
        price: (v) => (num(v) === null ? LINE_PRICE_QTY_MESSAGE : null),
      },
    },
  });
  // A refetch while editing must not replace the user's edits (nor hide the unsaved prompt).
  const editor = useEditorForm({
    form,
    source: invoice,
    toValues: invoiceToValues,
    hold: editing,
    // The paid fields are compared with what the form was loaded from, not the latest fetch:
    // a payment recorded meanwhile must not be replaced by the form's older paid state.
    save: (values) => save.mutateAsync(valuesToSave(values, invoice, form.getInitialValues())),
    onSaved: (r, values) => {
      setSaved(savedNote(r, values));
      setEditing(false);
      setPaying(false);
    },
    unsaved: editing && !leaveTo && form.isDirty(),
  });
  const v = form.values;
  const totals = valuesTotals(v);

  /** Save the form (with the pay modal's fields); `stay` when the caller navigates itself. */
  const submit = async (pay?: PayValues, stay = false): Promise<boolean> => {
    const values = { ...form.getValues(), ...pay };
    const done = await editor.submit({ values, validate: editing });
    if (done && !invoice && !stay)
      setLeaveTo({ to: `/invoices/${done.saved._id}`, saved: savedNote(done.saved, values) });
    return !!done;
  };

  // After the prompt's blocker has seen the clean state (effects run in order).
  useEffect(() => {
    if (leaveTo)
      void navigate(leaveTo.to, {
        replace: leaveTo.to !== '/invoices',
        state: leaveTo.saved ? { saved: leaveTo.saved } : undefined,
      });
  }, [leaveTo, navigate]);

  const cancel = () => {
    save.reset();
    if (!invoice) return setLeaveTo({ to: '/invoices' });
    form.reset();
    form.clearErrors();
    setEditing(false);
  };
  const remove = () =>
    confirmDelete(() => {
      if (!invoice) return;
      // A refusal shows in red on the form (spec §8), like a failed save.
      del.mutate(invoice._id, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${title(invoice, false)} deleted` });
          setLeaveTo({ to: '/invoices' });
        },
      });
    }, 'Are you sure you want to delete this invoice?');
  const copyIt = () =>
    invoice &&
    copy.mutate(invoice._id, {
      onSuccess: (r) => void navigate(`/invoices/${r._id}`),
      onError: (e) =>
        notifications.show({ color: 'red', title: 'Not copied', message: errorMessage(e) }),
    });

  const name = title(invoice, newQuote);
  const discountLabel = v.discount.hasDiscount
    ? v.discount.discountType === 'Amount'
      ? 'Discount'
      : `Discount ${num(v.discount.discountValue) ?? 0}%`
    : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <PageHeader
        title={name}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Invoices', to: '/invoices' },
          { label: name },
        ]}
        actions={
          <InvoiceActions
            editing={editing}
            saved={!!invoice}
            isQuote={!!invoice?.isQuote}
            invoice={invoice}
            rights={{
              edit: can(member, 'invoices', 'u'),
              create: can(member, 'invoices', 'c'),
              remove: can(member, 'invoices', 'd'),
              send: can(member, 'invoices', 'u'),
            }}
            busy={{ save: save.isPending, copy: copy.isPending, remove: del.isPending }}
            onEdit={() => {
              setSaved(null);
              setEditing(true);
            }}
            onCancel={cancel}
            onClose={() => void navigate('/invoices')}
            onDelete={remove}
            onCopy={copyIt}
            onPay={() => {
              setSaved(null);
              save.reset();
              setPaying(true);
            }}
          />
        }
      />
      <Stack gap="md">
        {saved && (
          <Alert
            color="green"
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setSaved(null)}
          >
            {saved}
            {v.isRecurring && !v.isQuote && <RecurringNote type="invoices" />}
          </Alert>
        )}
        {invoice && v.paid && !v.isQuote && <PaidBanner values={v} />}
        {invoice?.clientResponse && (
          <QuoteResponseBanner
            response={invoice.clientResponse}
            timeZone={company.timeZone}
            isQuote={invoice.isQuote}
          />
        )}
        {invoice && (
          <QuoteAnswersLog answers={invoice.clientResponses ?? []} timeZone={company.timeZone} />
        )}
        {editing && !paying && <ErrorAlert error={save.error} title="Not saved" />}
        <ErrorAlert error={del.error} title="Not deleted" />
        <Paper withBorder p="lg">
          <InvoiceHeadFields form={form} editing={editing} invoice={invoice} />
        </Paper>
        <Paper withBorder p="lg">
          <LineItemsTable form={form} editing={editing} />
          {editing && (
            <Paper mt="md" p="md" bg="gray.0" radius="md">
              <AddLineForm form={form} items={items.data ?? []} />
            </Paper>
          )}
        </Paper>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder p="lg" h="100%">
              <Stack gap="md">
                <DiscountFields form={form} editing={editing} />
                {v.isQuote && (
                  <DepositFields
                    form={form}
                    editing={editing}
                    total={totals.total}
                    invoice={invoice}
                  />
                )}
                {/* A quote does not repeat (the server makes recurring items of invoices only). */}
                {v.isQuote ? null : editing ? (
                  <RecurringSwitch
                    checked={v.isRecurring}
                    frequency={v.recurringType}
                    onChecked={(on) => form.setFieldValue('isRecurring', on)}
                    onFrequency={(f) => form.setFieldValue('recurringType', f)}
                  />
                ) : (
                  v.isRecurring && (
                    <ReadOnlyField label="Recurring">
                      {FREQUENCY_OPTIONS.find((f) => f.value === v.recurringType)?.label ??
                        v.recurringType}
                    </ReadOnlyField>
                  )
                )}
                {editing ? (
                  <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
                ) : (
                  <ReadOnlyField label="Notes">{v.notes.trim() || '—'}</ReadOnlyField>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TotalsPanel
              totals={totals}
              tax={v.tax}
              discountLabel={discountLabel}
              amountPaid={invoice && !v.isQuote ? (num(v.amountPaid) ?? 0) : null}
              amountCredited={invoice?.amountCredited ?? 0}
            />
          </Grid.Col>
        </Grid>
        {/* A quote takes payments when it asks for a deposit. */}
        {invoice && !editing && (!invoice.isQuote || invoice.deposit) && (
          <PaymentsPanel
            invoiceId={invoice._id}
            today={today}
            canEdit={can(member, 'invoices', 'u')}
          />
        )}
        {invoice && !editing && !invoice.isQuote && (
          <CreditNotesPanel
            invoice={invoice}
            today={today}
            canEdit={can(member, 'invoices', 'u')}
          />
        )}
        {invoice && !editing && (
          <SendHistoryPanel invoiceId={invoice._id} timeZone={company.timeZone} />
        )}
      </Stack>
      {paying && (
        <PayModal
          initial={{
            paid: v.paid,
            amountPaid: v.amountPaid,
            datePaid: v.datePaid,
            methodPaid: v.methodPaid,
            notes: v.notes,
          }}
          // Paid in full is what credit notes leave of the total.
          total={addAmounts(totals.total, -(invoice?.amountCredited ?? 0))}
          today={today}
          saving={save.isPending}
          error={save.error}
          onSave={(p) => void submit(p)}
          onClose={() => setPaying(false)}
        />
      )}
    </form>
  );
}
