import { Anchor, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TCompany } from '@fieldbook/core';
import { useTemplates } from '../../api/use-templates';
import type { TemplateDoc } from '../../api/template-shapes';
import { SHIPPED, type CompanyForm } from './company-form';

/**
 * The options of a default-template select: "no choice" (the shipped template
 * for this use), then every usable template, shipped ones included, since a
 * company may also have chosen one of them by id.
 */
function options(list: TemplateDoc[] | undefined, shipped: string) {
  const name = list?.find((t) => t.builtIn === shipped)?.name;
  return [
    { value: SHIPPED, label: name ? `Fieldbook default (${name})` : 'Fieldbook default' },
    ...(list ?? []).map((t) => ({
      value: t._id,
      label: t.anyCompany || t.builtIn ? `${t.name} (${t.companyName || 'Fieldbook'})` : t.name,
    })),
  ];
}

/** Which templates the company's invoices, quotes and statements use. */
export function CompanyDocumentsTab({ form, company }: { form: CompanyForm; company: TCompany }) {
  const invoices = useTemplates('invoice', company._id);
  const statements = useTemplates('statement', company._id);
  return (
    <Stack gap="lg" maw={720}>
      <Text size="sm" c="dimmed">
        The look of the PDFs, e-mails and public pages of your documents. Change the templates
        themselves under{' '}
        <Anchor component={Link} to="/invoiceTemplates" size="sm">
          Invoice Templates
        </Anchor>{' '}
        and{' '}
        <Anchor component={Link} to="/statementTemplates" size="sm">
          Statement Templates
        </Anchor>
        .
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Invoice template"
          data={options(invoices.data, 'tax-invoice')}
          allowDeselect={false}
          disabled={invoices.isLoading}
          {...form.getInputProps('invoiceTemplateId')}
        />
        <Select
          label="Quote template"
          data={options(invoices.data, 'quote')}
          allowDeselect={false}
          disabled={invoices.isLoading}
          {...form.getInputProps('quoteTemplateId')}
        />
        <Select
          label="Statement template"
          data={options(statements.data, 'statement')}
          allowDeselect={false}
          disabled={statements.isLoading}
          {...form.getInputProps('statementTemplateId')}
        />
      </SimpleGrid>
    </Stack>
  );
}
