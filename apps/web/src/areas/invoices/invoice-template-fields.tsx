import { Grid, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { TTemplateField } from '@fieldbook/core';
import { useTemplates } from '../../api/use-templates';
import type { TemplateDoc } from '../../api/template-shapes';
import { useCurrentCompany } from '../../app/company-context';
import type { InvoiceForm } from './invoice-form';

/** The select's value for "the company's default" (the form keeps ''). */
const COMPANY_DEFAULT = 'company-default';

/** The template a document with no choice of its own is printed with. */
function defaultTemplate(list: TemplateDoc[], chosenId: string | null, shipped: string) {
  return list.find((t) => t._id === chosenId) ?? list.find((t) => t.builtIn === shipped);
}

/** The template the document uses: its own choice, else the company's default. */
export function useInvoiceTemplate(form: InvoiceForm) {
  const { company } = useCurrentCompany();
  const list = useTemplates('invoice').data ?? [];
  const v = form.values;
  const fallback = v.isQuote
    ? defaultTemplate(list, company?.quoteTemplateId ?? null, 'quote')
    : defaultTemplate(list, company?.invoiceTemplateId ?? null, 'tax-invoice');
  const chosen = v.invoiceTemplateId ? list.find((t) => t._id === v.invoiceTemplateId) : undefined;
  return { list, fallback, template: chosen ?? fallback };
}

/** Template choice: one of the company's invoice templates, or (empty) its default. */
export function InvoiceTemplateSelect({ form, editing }: { form: InvoiceForm; editing: boolean }) {
  const { list, fallback } = useInvoiceTemplate(form);
  const value = form.values.invoiceTemplateId || COMPANY_DEFAULT;
  const data = [
    {
      value: COMPANY_DEFAULT,
      label: fallback ? `Company default (${fallback.name})` : 'Company default',
    },
    ...list.map((t) => ({ value: t._id, label: t.name })),
  ];
  // A template no longer offered still shows by name while it is chosen.
  if (!data.some((o) => o.value === value)) data.push({ value, label: 'Other template' });
  return (
    <Select
      label="Template"
      data={data}
      value={value}
      allowDeselect={false}
      readOnly={!editing}
      variant={editing ? 'default' : 'filled'}
      w={{ base: '100%', xs: 360 }}
      onChange={(x) =>
        form.setFieldValue('invoiceTemplateId', !x || x === COMPANY_DEFAULT ? '' : x)
      }
    />
  );
}

function ExtraField({
  form,
  field,
  editing,
}: {
  form: InvoiceForm;
  field: TTemplateField;
  editing: boolean;
}) {
  const path = `custom.${field.name}`;
  const custom = form.values.custom;
  // Only a value stored under the name itself, never one inherited from Object.prototype.
  const value = Object.hasOwn(custom, field.name) ? (custom[field.name] ?? '') : '';
  const set = (x: string) => form.setFieldValue(path, x);
  const look = { label: field.label, readOnly: !editing, error: form.errors[path] };
  if (field.type === 'date')
    return (
      <DateInput
        {...look}
        valueFormat="YYYY-MM-DD"
        clearable={editing}
        value={value || null}
        onChange={(d) => set(d ?? '')}
      />
    );
  if (field.type === 'textArea')
    return (
      <Textarea
        {...look}
        autosize
        minRows={2}
        value={value}
        onChange={(e) => set(e.currentTarget.value)}
      />
    );
  return <TextInput {...look} value={value} onChange={(e) => set(e.currentTarget.value)} />;
}

/**
 * The extra fields of the document's template (a row of the head's grid, or
 * nothing); their values go to `custom[name]`.
 */
export function InvoiceExtraFields({ form, editing }: { form: InvoiceForm; editing: boolean }) {
  const { template } = useInvoiceTemplate(form);
  const fields = template?.fields ?? [];
  if (fields.length === 0) return null;
  return (
    <Grid.Col span={12}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} aria-label="Template fields" role="group">
        {fields.map((f) => (
          <ExtraField key={f.name} form={form} field={f} editing={editing} />
        ))}
      </SimpleGrid>
    </Grid.Col>
  );
}
