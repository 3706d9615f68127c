import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { Location } from 'react-router';
import {
  LINE_DESCRIPTION_MESSAGE,
  LINE_PRICE_QTY_MESSAGE,
  ZRecurringSave,
  can,
  todayIn,
  type MemberAccess,
  type TAppointmentType,
  type TCompany,
  type TRecurringItem,
  type TRecurringType,
  recurringPricesWithheld,
} from '@fieldbook/core';
import { ApiError } from '../../api/api-client';
import { useSupplierOptions } from '../../api/use-expenses';
import {
  recurringInvoicePdfPath,
  useDeleteRecurring,
  useSaveRecurring,
} from '../../api/use-recurring';
import { confirmDelete } from '../../ui/confirm';
import { contractErrors } from '../../ui/contract-errors';
import { PdfViewer } from '../../ui/pdf-viewer';
import { ErrorAlert } from '../../ui/query-state';
import { useUnsavedChangesPrompt } from '../../ui/use-unsaved-changes-prompt';
import { ExpenseFields } from '../expenses/expense-fields';
import { expenseValidation } from '../expenses/expense-values';
import { num, type InvoiceValues } from '../invoices/invoice-form';
import { InvoiceDocFields } from './invoice-doc-fields';
import { JobDocFields } from './job-doc-fields';
import { JobLinesFields } from './job-lines-fields';
import {
  itemToExpenseValues,
  itemToInvoiceValues,
  itemToRuleValues,
  newRuleValues,
  valuesToSave,
  type RuleValues,
} from './recurring-values';
import { RuleFields } from './rule-fields';

/** The field labels that start the browser's own messages. */
const LABELS: Record<string, string> = {
  startDate: 'Start date',
  endDate: 'End date',
  maxOccurrences: 'Occurrences',
  separationCount: 'Every',
  toEmail: 'E-mail recipients',
  price: 'Purchase Amount',
  description: 'Description',
};

/**
 * Whether a navigation leaves the open item: another page, or the item closed
 * or swapped. A new item taking its id on its first save is not leaving.
 */
export function leavesItem(from: Location, to: Location): boolean {
  if (from.pathname !== to.pathname) return true;
  const a = new URLSearchParams(from.search).get('id');
  const b = new URLSearchParams(to.search).get('id');
  return a !== b && !(a === 'new' && b !== null && b !== 'new');
}

interface EditorProps {
  type: TRecurringType;
  item: TRecurringItem | undefined;
  company: TCompany;
  member: MemberAccess | null;
  jobTypes: TAppointmentType[];
  onSaved: (id: string) => void;
  /** The form has changes again (the modal's 'Saved' note goes). */
  onEdited: () => void;
  onClose: () => void;
}

const AREA = { invoices: 'invoices', expenses: 'expenses', calender: 'appointments' } as const;

/**
 * The recurring editor: the document of its type, then the rule with the
 * next five dates. Save answers 'Saved' (shown by the modal); a refusal shows
 * in red, each field's under its input, and the form stays open.
 */
export function RecurringEditor(props: EditorProps) {
  const { type, item, company, member, jobTypes, onSaved, onEdited, onClose } = props;
  const today = todayIn(company.timeZone);
  const [closing, setClosing] = useState(false);
  const [pdf, setPdf] = useState(false);
  const save = useSaveRecurring(type);
  const del = useDeleteRecurring(type);
  const suppliers = useSupplierOptions();
  const rule = useForm<RuleValues>({
    initialValues: item
      ? itemToRuleValues(item)
      : { ...newRuleValues(today), appointmentTypeId: jobTypes[0]?._id ?? null },
  });
  const inv = useForm<InvoiceValues>({
    initialValues: itemToInvoiceValues(item, today, company.tax),
    validate: {
      entityId: (v) => (v ? null : 'Please select a client'),
      descriptions: {
        description: (v) => (v.trim() ? null : LINE_DESCRIPTION_MESSAGE),
        qty: (v) => (num(v) === null ? LINE_PRICE_QTY_MESSAGE : null),
        price: (v) => (num(v) === null ? LINE_PRICE_QTY_MESSAGE : null),
      },
    },
  });
  const exp = useForm({ initialValues: itemToExpenseValues(item) });
  const editable = can(member, AREA[type], item ? 'u' : 'c');

  /** The errors (browser's or server's) shown on every form: each shows the fields it has. */
  const showErrors = (errors: Record<string, string>) => {
    const mapped = { ...errors };
    if (mapped.separationCount) mapped.every = mapped.separationCount;
    rule.setErrors(mapped);
    inv.setErrors(mapped);
    exp.setErrors(mapped);
  };

  const submit = async (): Promise<boolean> => {
    save.reset();
    const body = valuesToSave(type, rule.getValues(), inv.getValues(), exp.getValues(), item);
    const errors = contractErrors(ZRecurringSave, body, LABELS);
    if (type === 'invoices') Object.assign(errors, inv.validate().errors);
    if (type === 'expenses') {
      const { expenseDate: _d, dueDate: _due, ...rest } = expenseValidation(exp.getValues());
      Object.assign(errors, rest);
    }
    if (type === 'calender' && !body.appointmentTypeId)
      errors.appointmentTypeId = 'Appointment type is required';
    showErrors(errors);
    if (Object.keys(errors).length) return false;
    try {
      const r = await save.mutateAsync(body);
      rule.resetDirty();
      inv.resetDirty();
      exp.resetDirty();
      onSaved(r._id);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.fields) showErrors(e.fields);
      return false;
    }
  };

  const dirty = !closing && (rule.isDirty() || inv.isDirty() || exp.isDirty());
  useUnsavedChangesPrompt(dirty, submit, leavesItem);
  useEffect(() => {
    if (dirty) onEdited();
  }, [dirty, onEdited]);
  // Close once the prompt's blocker has seen the clean state (after a delete).
  // Once only: a refetch re-rendering the page meanwhile must not go Back twice.
  const closed = useRef(false);
  useEffect(() => {
    if (!closing || closed.current) return;
    closed.current = true;
    onClose();
  }, [closing, onClose]);

  const remove = () =>
    item && confirmDelete(() => del.mutate(item._id, { onSuccess: () => setClosing(true) }));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <ErrorAlert error={save.error} title="Not saved" />
          <ErrorAlert error={del.error} title="Not deleted" />
          {type === 'invoices' && <InvoiceDocFields form={inv} rule={rule} />}
          {type === 'expenses' && (
            <ExpenseFields form={exp} suppliers={suppliers.data ?? []} withDates={false} />
          )}
          {type === 'calender' && (
            <>
              <JobDocFields form={rule} types={jobTypes} company={company} />
              {/* The lines are the invoice it makes: with their prices, only with invoices r. */}
              {!recurringPricesWithheld(member, type) && <JobLinesFields form={inv} />}
            </>
          )}
          <Divider />
          <Title order={3} size="h5">
            Schedule
          </Title>
          <RuleFields form={rule} today={today} lastRunDate={item?.lastRunDate ?? null} />
        </Stack>
      </fieldset>
      <Group justify="space-between" mt="lg" gap="sm">
        <Group gap="sm">
          {item && can(member, AREA[type], 'd') && (
            <Button color="red" variant="light" onClick={remove} loading={del.isPending}>
              Delete
            </Button>
          )}
          {item && type === 'invoices' && (
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              onClick={() => setPdf(true)}
            >
              Preview PDF
            </Button>
          )}
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {editable && (
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          )}
        </Group>
      </Group>
      {item && pdf && (
        <PdfViewer
          opened
          onClose={() => setPdf(false)}
          title="Next invoice"
          path={recurringInvoicePdfPath(company._id, item._id)}
          fallbackName="recurring-invoice.pdf"
        />
      )}
    </form>
  );
}
