import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZTemplateField,
  type TSaved,
  type TTemplateField,
  type TTemplateType,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost, apiUpload } from './api-client';
import { queryKeys, templateKeys } from './query-keys';
import {
  KIND_API,
  fromApi,
  toApiSave,
  type TemplateDoc,
  type TemplateKind,
  type TemplateValues,
} from './template-shapes';

const base = (cid: string | null) => `/companies/${encodeURIComponent(cid ?? '')}`;

/**
 * The templates of one kind a company may use (its own, all-companies ones and
 * the shipped ones). `companyId` defaults to the current company; the company
 * settings screen passes the company it shows.
 */
export function useTemplates(kind: TemplateKind, companyId?: string | null) {
  const current = useCurrentCompany().companyId;
  const cid = companyId === undefined ? current : companyId;
  return useQuery({
    queryKey: templateKeys.list(cid, kind),
    queryFn: async () =>
      (await apiGet<unknown[]>(`${base(cid)}/${KIND_API[kind]}`)).map((t) => fromApi(kind, t)),
    enabled: !!cid,
  });
}

export function useTemplate(kind: TemplateKind, id: string, enabled = true) {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: templateKeys.one(companyId, kind, id),
    queryFn: async () =>
      fromApi(
        kind,
        await apiGet<unknown>(`${base(companyId)}/${KIND_API[kind]}/${encodeURIComponent(id)}`),
      ),
    enabled: enabled && !!companyId,
  });
}

/**
 * Save a template of `kind` (no `_id`: a new one); `isSuper` adds the platform
 * controls, `forEveryCompany` rank super's confirmed change of a template
 * every company uses.
 */
export function useSaveTemplate(kind: TemplateKind) {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      _id?: string;
      values: TemplateValues;
      isSuper: boolean;
      forEveryCompany?: boolean;
    }) => apiPost<TSaved>(`${base(companyId)}/${KIND_API[kind]}`, toApiSave(kind, v)),
    // Every kind: the general list shows invoice and statement templates too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all(companyId) }),
  });
}

/** Copy a template the company sees (a shipped or shared one) into the company; answers the copy's id. */
export function useCopyTemplate() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<TSaved>(`${base(companyId)}/templates/${encodeURIComponent(id)}/copy`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all(companyId) }),
  });
}

/** Upload an image for template `id`; answers where it is served (under /api). */
export function useUploadTemplateImage() {
  const { companyId } = useCurrentCompany();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiUpload<{ _id: string; url: string }>(
        `${base(companyId)}/templates/${encodeURIComponent(id)}/images`,
        form,
      );
    },
  });
}

/**
 * The HTML filled with sample (or a real record's) data, as the server renders it.
 * The caller debounces `html`; the previous preview stays while the next one loads.
 */
/**
 * The extra fields a preview shows (their labels as sample values): the ones
 * the server would accept, so a field still being typed does not break it.
 */
export const previewFields = (fields: TTemplateField[]) =>
  fields.filter((f) => ZTemplateField.safeParse(f).success);

/** What sample data fills an invoice template: an invoice or a quote (its number, title). */
export type PreviewSample = 'invoice' | 'quote';

export function useTemplatePreview(
  type: TTemplateType,
  html: string,
  fields: TTemplateField[],
  sample: PreviewSample = 'invoice',
) {
  const { companyId } = useCurrentCompany();
  const valid = previewFields(fields);
  return useQuery({
    queryKey: templateKeys.preview(companyId, type, html, valid, sample),
    queryFn: () =>
      apiPost<{ html: string }>(`${base(companyId)}/templates/preview`, {
        template: html,
        type,
        fields: valid,
        sample,
      }),
    enabled: !!companyId,
    placeholderData: keepPreviousData,
    retry: false,
    // Previews are large and each one is used once.
    gcTime: 30_000,
    staleTime: Infinity,
  });
}

export type DefaultKey = 'invoiceTemplateId' | 'quoteTemplateId' | 'statementTemplateId';

/** Make a template the current company's default for invoices, quotes or statements. */
export function useSetDefaultTemplate() {
  const { company } = useCurrentCompany();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, id }: { key: DefaultKey; id: string | null }) => {
      if (!company) throw new Error('Please select a company first');
      // Only the name is required; fields left out keep their stored values.
      return apiPost<TSaved>(base(company._id), { companyName: company.companyName, [key]: id });
    },
    onSuccess: () =>
      company && queryClient.invalidateQueries({ queryKey: queryKeys.company(company._id) }),
  });
}

export type { TemplateDoc, TemplateKind, TemplateValues };
