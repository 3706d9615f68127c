import { Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { useTemplate } from '../../api/use-templates';
import { KIND_SCREEN, type TemplateKind } from '../../api/template-shapes';
import { PageHeader } from '../../ui/page-header';
import { ErrorAlert } from '../../ui/query-state';
import { TemplateEditor } from './template-editor';

/** A template of `kind` by the route's id; 'new' for a new one. */
function TemplateScreen({ kind }: { kind: TemplateKind }) {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const query = useTemplate(kind, id, !isNew);
  const screen = KIND_SCREEN[kind];

  // A new key per record, so a copy or a new save starts a fresh form.
  if (isNew) return <TemplateEditor key="new" kind={kind} template={null} />;
  if (query.data) return <TemplateEditor key={id} kind={kind} template={query.data} />;
  return (
    <>
      <PageHeader
        title={screen.one}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: screen.title, to: screen.list },
          { label: screen.one },
        ]}
      />
      {query.error ? (
        <ErrorAlert title="Template not loaded" error={query.error} />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
    </>
  );
}

/** /invoiceTemplate/{id} */
export function InvoiceTemplatePage() {
  return <TemplateScreen kind="invoice" />;
}

/** /statementTemplate/{id} */
export function StatementTemplatePage() {
  return <TemplateScreen kind="statement" />;
}

/** /template/{id} and /template/new */
export function TemplatePage() {
  return <TemplateScreen kind="general" />;
}
