import { useState } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TEMPLATE_TYPES, can, type TTemplateType } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useSetDefaultTemplate, useTemplates, type DefaultKey } from '../../api/use-templates';
import { KIND_SCREEN, type TemplateDoc, type TemplateKind } from '../../api/template-shapes';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { TemplateTable } from './template-table';
import { TemplateTypeFilter } from './template-type-filter';
import { useCopyToMyCompany } from './template-shared-actions';

const INTRO: Record<TemplateKind, string> = {
  invoice: 'The look of your invoices and quotes, and the e-mail that goes with them.',
  statement: 'The look of your client statements, and the e-mail that goes with them.',
  general: 'Every document template: invoices, statements and your own documents.',
};

const DEFAULT_SAVED: Record<DefaultKey, string> = {
  invoiceTemplateId: 'invoices',
  quoteTemplateId: 'quotes',
  statementTemplateId: 'statements',
};

function TemplateList({ kind }: { kind: TemplateKind }) {
  const { company, member } = useCurrentCompany();
  const list = useTemplates(kind);
  const setDefault = useSetDefaultTemplate();
  const copyToMine = useCopyToMyCompany(kind);
  const [types, setTypes] = useState<TTemplateType[]>([...TEMPLATE_TYPES]);
  const screen = KIND_SCREEN[kind];

  const useAsDefault = (key: DefaultKey, t: TemplateDoc) =>
    setDefault.mutate(
      { key, id: t._id },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `${t.name} is now the default for ${DEFAULT_SAVED[key]}`,
          }),
        onError: (e) =>
          notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) }),
      },
    );

  return (
    <>
      <PageHeader
        title={screen.title}
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: screen.title }]}
        description={INTRO[kind]}
        actions={
          can(member, 'settings', 'c') && (
            <Button component={Link} to={screen.editor('new')} leftSection={<IconPlus size={16} />}>
              New
            </Button>
          )
        }
      />
      <Stack gap="md">
        {kind === 'general' && <TemplateTypeFilter value={types} onChange={setTypes} />}
        <Paper withBorder>
          <QueryState query={list}>
            {(all) => (
              <TemplateTable
                kind={kind}
                templates={kind === 'general' ? all.filter((t) => types.includes(t.type)) : all}
                company={company}
                onUseAsDefault={can(member, 'settings', 'u') ? useAsDefault : undefined}
                busyId={setDefault.isPending ? (setDefault.variables?.id ?? null) : null}
                onCopy={can(member, 'settings', 'c') ? copyToMine.run : undefined}
                copyingId={copyToMine.copyingId}
              />
            )}
          </QueryState>
        </Paper>
        {kind !== 'general' && (
          <Text size="sm" c="dimmed">
            Open a template to see it filled with sample data. Shipped templates can be copied to
            your company and changed there.
          </Text>
        )}
      </Stack>
    </>
  );
}

/** /invoiceTemplates */
export function InvoiceTemplatesPage() {
  return <TemplateList kind="invoice" />;
}

/** /statementTemplates */
export function StatementTemplatesPage() {
  return <TemplateList kind="statement" />;
}

/** /templates: every type, with the type filter. */
export function TemplatesPage() {
  return <TemplateList kind="general" />;
}
