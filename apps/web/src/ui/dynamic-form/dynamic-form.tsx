import type { ReactNode } from 'react';
import { Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import type { TComponent, TComponentFlags, TComponentValue, TTax } from '@fieldbook/core';
import {
  ClientField,
  DocumentField,
  InvoiceField,
  UsersField,
  type DocumentPaths,
} from './record-fields';
import { CommentsPanel } from './comments-panel';
import { ImagesField } from './images-field';
import { ItemsField } from './items-field';
import { SignatureField } from './signature-field';
import type { DynamicValues, Member } from './form-values';

export type { Member } from './form-values';

export interface DynamicFormProps {
  components: TComponent[];
  /** A component's permissions for the current status and the user's group (core componentFlags). */
  flagsOf: (c: TComponent) => Required<TComponentFlags>;
  values: DynamicValues;
  onChange: (patch: Partial<DynamicValues>) => void;
  /** The saved job's id; null before its first save (uploads and comments wait for it). */
  jobId: string | null;
  invoiceId: string | null;
  /** The API path of the public document of a template, or null while the job is not saved. */
  documentPath: (templateId: string) => DocumentPaths | null;
  /** Upload an image of the job (a drawn signature is a PNG); resolves to the stored file. */
  upload: (image: Blob, signature?: boolean) => Promise<string>;
  /**
   * Saves a signature's or the photos' new value with the saved job at once
   * (they are not left waiting for Save); absent, they change the form only.
   */
  keep?: (prop: string, value: TComponentValue, label: string) => void;
  /** Saves a new job so images may be added to it ('Save and add images'). */
  saveFirst?: () => void;
  /** Everything read-only (the user may not update jobs). */
  readOnly: boolean;
  tax: TTax;
  /** Members who are not disabled. */
  members: Member[];
  /** Messages of the server by `values.<prop>` or field name. */
  errors: Record<string, string>;
}

/**
 * One form driven by a type's component list (spec: Component, 15 types).
 * Hidden components are left out; view-only ones are shown but not editable
 * (the server enforces both as well).
 */
export function DynamicForm(props: DynamicFormProps) {
  const shown = props.components.filter((c) => !props.flagsOf(c).hide);
  if (shown.length === 0) return null;
  return (
    <Stack gap="md">
      {shown.map((c) => (
        <div key={c.prop} data-component={c.type}>
          <ComponentField component={c} {...props} />
        </div>
      ))}
    </Stack>
  );
}

function ComponentField({ component: c, ...p }: DynamicFormProps & { component: TComponent }) {
  const flags = p.flagsOf(c);
  const locked = p.readOnly || flags.viewOnly;
  const value = p.values.values[c.prop];
  const error = p.errors[`values.${c.prop}`] ?? p.errors[c.prop];
  const set = (v: TComponentValue) => p.onChange({ values: { ...p.values.values, [c.prop]: v } });
  // Signatures and photos are saved with the job as soon as they are made.
  const keep = (v: TComponentValue) => (p.keep ? p.keep(c.prop, v, c.label) : set(v));
  const str = typeof value === 'string' ? value : '';

  switch (c.type) {
    case 'text':
      return (
        <TextInput
          label={c.label}
          value={str}
          readOnly={locked}
          error={error}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'textArea':
      return (
        <Textarea
          label={c.label}
          value={str}
          readOnly={locked}
          error={error}
          autosize
          minRows={3}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <TextInput
          type="date"
          label={c.label}
          value={str.slice(0, 10)}
          readOnly={locked}
          error={error}
          onChange={(e) => set(e.currentTarget.value || null)}
        />
      );
    case 'switch':
      return (
        <Switch
          label={c.label}
          checked={value === true}
          disabled={locked}
          error={error}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          label={c.label}
          data={c.options.includes(str) || !str ? c.options : [...c.options, str]}
          value={str || null}
          readOnly={locked}
          clearable={!locked}
          error={error}
          onChange={(v) => set(v ?? null)}
        />
      );
    case 'wording':
      return (
        <Labelled label={c.label}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.wording}
          </Text>
        </Labelled>
      );
    case 'clientSelect':
      return <ClientField component={c} locked={locked} error={error} {...p} />;
    case 'usersSelect':
      return <UsersField component={c} locked={locked} error={error} {...p} />;
    case 'invoice':
      return <InvoiceField component={c} invoiceId={p.invoiceId} />;
    case 'document':
      return (
        <DocumentField component={c} path={c.templateId ? p.documentPath(c.templateId) : null} />
      );
    case 'itemsSelect':
      return (
        <ItemsField
          label={c.label}
          flags={flags}
          locked={locked}
          values={p.values}
          onChange={p.onChange}
          tax={p.tax}
          error={error}
        />
      );
    case 'userSigniture':
    case 'signiture':
      return (
        <SignatureField
          label={c.label}
          value={str || null}
          locked={locked}
          saved={!!p.jobId}
          upload={(png) => p.upload(png, true)}
          onChange={keep}
          error={error}
        />
      );
    case 'images':
      return (
        <ImagesField
          label={c.label}
          files={Array.isArray(value) ? value : []}
          multiple={flags.allowMultiImages}
          locked={locked}
          saved={!!p.jobId}
          saveFirst={p.saveFirst}
          upload={p.upload}
          onChange={keep}
          error={error}
        />
      );
    case 'comments':
      return <CommentsPanel label={c.label} jobId={p.jobId} locked={locked} />;
    default:
      return null;
  }
}

/** A label over content that is not an input. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      {children}
    </div>
  );
}
