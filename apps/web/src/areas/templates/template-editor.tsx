import { useState } from 'react';
import { Alert, Button, Grid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconLock, IconWorld } from '@tabler/icons-react';
import { can, type TTemplateField } from '@fieldbook/core';
import { ApiError } from '../../api/api-client';
import { previewFields, useSaveTemplate, type PreviewSample } from '../../api/use-templates';
import {
  KIND_SCREEN,
  formErrorPaths,
  type TemplateDoc,
  type TemplateKind,
  type TemplateValues,
} from '../../api/template-shapes';
import { useCurrentCompany } from '../../app/company-context';
import { useCurrentUser } from '../../app/use-session';
import { PageHeader } from '../../ui/page-header';
import { PdfViewer } from '../../ui/pdf-viewer';
import { ErrorAlert } from '../../ui/query-state';
import { RecordActions } from '../../ui/record-actions';
import { useRecordEditor } from '../../ui/use-record-editor';
import { TemplateFieldsEditor } from './template-fields-editor';
import {
  EMAIL_PLACEHOLDERS,
  fieldError,
  hasExtraFields,
  newTemplateValues,
  previewType,
  templateToValues,
} from './template-form';
import { TemplateHtmlField } from './template-html-field';
import { TemplatePreview } from './template-preview';
import { TemplateSuperControls } from './template-super-controls';
import { confirmEditForEveryCompany, useCopyToMyCompany } from './template-shared-actions';

interface Props {
  kind: TemplateKind;
  /** The loaded template; null for a new one (which starts in edit). */
  template: TemplateDoc | null;
}

/** A template's name, e-mail body, HTML and extra fields beside a live preview. */
export function TemplateEditor({ kind, template }: Props) {
  const { companyId, company, member } = useCurrentCompany();
  const isSuper = useCurrentUser().rank === 'super';
  const screen = KIND_SCREEN[kind];
  const save = useSaveTemplate(kind);
  const [pdfBody, setPdfBody] = useState<{
    template: string;
    type: string;
    fields: TTemplateField[];
    sample: PreviewSample;
  } | null>(null);
  const form = useForm<TemplateValues>({
    initialValues: template ? templateToValues(template) : newTemplateValues(kind),
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required'),
      fields: { name: fieldError('name'), label: fieldError('label') },
    },
  });

  // Every company uses it (shipped, or shared with all companies): rank super changes it
  // only after choosing to, and anyone who may create templates can copy it.
  const shared = !!template?.anyCompany;
  const copyToMine = useCopyToMyCompany(kind);
  // Sample data fills a quote's template as a quote (its number and title).
  const [sample, setSample] = useState<PreviewSample>(() =>
    template && (template.builtIn === 'quote' || company?.quoteTemplateId === template._id)
      ? 'quote'
      : 'invoice',
  );

  const saveValues = async (values: TemplateValues, _id?: string) => {
    try {
      return await save.mutateAsync({
        _id,
        values,
        isSuper,
        forEveryCompany: shared && isSuper && !!_id,
      });
    } catch (e) {
      // The server names fields as its call does; the form's paths differ.
      if (e instanceof ApiError && e.fields)
        throw new ApiError(e.message, e.status, formErrorPaths(e.fields));
      throw e;
    }
  };

  const { editing, error, edit, onSubmit, cancel } = useRecordEditor({
    form,
    record: template,
    toValues: templateToValues,
    save: (v) => saveValues(v, template?._id),
    // Templates are not deleted from this screen.
    remove: () => undefined,
    noun: screen.one,
    listPath: screen.list,
    detailPath: screen.editor,
  });

  // The server asks settings rights of everyone; rank super only adds editing the
  // shipped and all-companies templates (`editable`), never the right to save.
  const mayWrite = can(member, 'settings', template ? 'u' : 'c');
  const locked = !!template && !template.editable;
  const v = form.values;
  // The preview shows the extra fields only where the invoice editor would offer them.
  const fields = hasExtraFields(kind, v) ? v.fields : [];

  const startEdit = () =>
    template && shared && isSuper
      ? confirmEditForEveryCompany(template.name, edit, () => copyToMine.run(template))
      : edit();

  const title = template ? template.name : `New ${screen.one.toLowerCase()}`;
  const look = {
    readOnly: !editing,
    disabled: locked,
    variant: editing ? 'default' : 'filled',
  } as const;
  return (
    <form noValidate onSubmit={onSubmit}>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: screen.title, to: screen.list },
          { label: title },
        ]}
        actions={
          <>
            {template && shared && !editing && can(member, 'settings', 'c') && (
              <Button
                variant={locked ? 'filled' : 'default'}
                leftSection={<IconCopy size={16} />}
                loading={copyToMine.pending}
                onClick={() => copyToMine.run(template)}
              >
                Copy to my company
              </Button>
            )}
            <RecordActions
              editing={editing}
              saved={!!template}
              canEdit={mayWrite && !locked}
              canDelete={false}
              onEdit={startEdit}
              onDelete={() => undefined}
              onCancel={cancel}
              deleting={false}
              saving={save.isPending}
            />
          </>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            {locked && (
              <Alert color="gray" icon={<IconLock size={18} />} title="Read only">
                {template?.builtIn
                  ? 'This template comes with Fieldbook.'
                  : 'This template is shared with all companies.'}{' '}
                Only a platform administrator may change it; copy it to your company to make your
                own version.
              </Alert>
            )}
            {shared && !locked && (
              <Alert color="orange" icon={<IconWorld size={18} />} title="Every company uses it">
                {editing
                  ? 'The changes you save here change this template for every company.'
                  : 'Editing it changes it for every company; copy it to change it only for yours.'}
              </Alert>
            )}
            <ErrorAlert error={error} title="Not saved" />
            {isSuper && companyId && (
              <TemplateSuperControls
                kind={kind}
                form={form}
                editing={editing}
                shipped={!!template?.builtIn}
                onGeneratePdf={() =>
                  setPdfBody({
                    template: v.html,
                    type: previewType(kind, v),
                    fields: previewFields(fields),
                    sample,
                  })
                }
              />
            )}
            <TextInput label="Name" required={editing} {...look} {...form.getInputProps('name')} />
            {kind === 'general' && (
              <TextInput label="Description" {...look} {...form.getInputProps('description')} />
            )}
            <Textarea
              label="E-mail body"
              description={
                <>
                  The message sent with the document. Placeholders:{' '}
                  <Text span ff="monospace" size="xs">
                    {EMAIL_PLACEHOLDERS[kind].join(' ')}
                  </Text>
                </>
              }
              autosize
              minRows={3}
              maxRows={10}
              {...look}
              {...form.getInputProps('emailBody')}
            />
            <TemplateHtmlField
              form={form}
              editing={editing}
              disabled={locked}
              templateId={template?._id ?? null}
            />
            {hasExtraFields(kind, v) && (
              <TemplateFieldsEditor form={form} editing={editing} disabled={locked} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <div style={{ position: 'sticky', top: 76 }}>
            <TemplatePreview
              type={previewType(kind, v)}
              html={v.html}
              fields={fields}
              sample={sample}
              onSampleChange={setSample}
            />
          </div>
        </Grid.Col>
      </Grid>
      <PdfViewer
        opened={!!pdfBody}
        onClose={() => setPdfBody(null)}
        title={`${v.name || 'Template'} (PDF)`}
        path={`/companies/${companyId ?? ''}/templates/pdf`}
        body={pdfBody ?? undefined}
        fallbackName={`${v.name.trim() || 'Template'}.pdf`}
      />
    </form>
  );
}
