import { Badge, Button, Group, Paper, Tabs } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useParams } from 'react-router';
import type { TCompany } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useCompany, useSaveCompany } from '../../api/use-companies';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { useEditorForm } from '../../ui/use-editor-form';
import { companyToValues, emptyCompanyValues, saveBodyFor, tabOfField } from './company-form';
import { CompanyDocumentsTab } from './company-documents-tab';
import { CompanyGeneralTab } from './company-general-tab';
import { CompanyGroupsTab } from './company-groups-tab';
import { CompanyPayfastTab } from './company-payfast-tab';
import { CompanySmtpTab } from './company-smtp-tab';
import { CompanyTaxTab } from './company-tax-tab';
import { CompanyUsersTab } from './company-users-tab';
import { useScreenSearchParams } from '../../ui/use-screen-search';

const TABS = [
  { value: 'general', label: 'General' },
  { value: 'tax', label: 'Tax' },
  { value: 'email', label: 'E-mail server' },
  { value: 'documents', label: 'Documents' },
  { value: 'payments', label: 'Payments' },
  { value: 'users', label: 'Users' },
  { value: 'groups', label: 'Groups' },
];
const FORM_TABS = new Set(['general', 'tax', 'email', 'documents', 'payments']);

const PAYFAST_ID = /^\d{1,20}$/;
const PAYFAST_KEY = /^[A-Za-z0-9]{1,40}$/;

function CompanySettings({ company }: { company: TCompany }) {
  const [params, setParams] = useScreenSearchParams();
  const tab = TABS.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'general';
  const save = useSaveCompany(company._id);
  const form = useForm({
    initialValues: emptyCompanyValues(),
    validate: {
      companyName: (v) => (v.trim() ? null : 'Company name is required'),
      // Only the owner edits PayFast; a member's save leaves it out.
      payfast: {
        merchantId: (v, all) =>
          !company.me.isOwner || !all.usePayfast || PAYFAST_ID.test(v.trim())
            ? null
            : 'Enter the merchant id (digits)',
        merchantKey: (v, all) =>
          !company.me.isOwner || !all.usePayfast || PAYFAST_KEY.test(v.trim())
            ? null
            : 'Enter the merchant key',
      },
    },
  });
  // A refused field may sit on another tab: open the first one with an error.
  const showErrors = (paths: string[]) => {
    const first = paths[0];
    if (first) void setParams({ tab: tabOfField(first) }, { replace: true });
  };
  const { submit } = useEditorForm({
    form,
    source: company,
    toValues: companyToValues,
    save: (values) => save.mutateAsync(saveBodyFor(company, values)),
    onSaved: () => {
      notifications.show({ color: 'green', message: 'Company settings saved' });
    },
    onFieldErrors: (errors) => showErrors(Object.keys(errors)),
    unsaved: form.isDirty(),
    onFailed: (e) =>
      notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) }),
  });
  const dirty = form.isDirty();

  return (
    <Tabs
      value={tab}
      onChange={(v) => v && setParams({ tab: v }, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        {TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Tabs.Panel value="general">
          <CompanyGeneralTab form={form} company={company} />
        </Tabs.Panel>
        <Tabs.Panel value="tax">
          <CompanyTaxTab form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="email">
          <CompanySmtpTab form={form} company={company} />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <CompanyDocumentsTab form={form} company={company} />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <CompanyPayfastTab form={form} company={company} />
        </Tabs.Panel>
        {FORM_TABS.has(tab) && (
          <Group justify="flex-end" mt="xl" gap="sm">
            {dirty && (
              <Button variant="default" onClick={() => form.reset()}>
                Discard changes
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        )}
      </form>
      <Tabs.Panel value="users">
        <CompanyUsersTab company={company} />
      </Tabs.Panel>
      <Tabs.Panel value="groups">
        <CompanyGroupsTab company={company} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** /company/{id}: the settings of one company. */
export function CompanySettingsPage() {
  const { id = '' } = useParams();
  const query = useCompany(id);
  const { companyId } = useCurrentCompany();
  const name = query.data?.companyName ?? 'Company';
  return (
    <>
      <PageHeader
        title={name}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Companies', to: '/companies' },
          { label: 'Settings' },
        ]}
        description="Company settings"
        actions={id === companyId ? <Badge variant="light">Current company</Badge> : undefined}
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <QueryState query={query}>{(company) => <CompanySettings company={company} />}</QueryState>
      </Paper>
    </>
  );
}
