import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TClient,
  TClientDetail,
  TClientDocument,
  TClientSave,
  TClientType,
  TClientTypeSave,
  TMessage,
  TSaved,
  TStatementResponse,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { clientKeys as keys, invoiceKeys } from './query-keys';
import { apiGet, apiPost, apiUpload } from './api-client';
import { downloadFile } from './download';
import {
  WHOLE_ACCOUNT,
  statementPeriodErrors,
  statementPeriodSearch,
  type StatementPeriodValue,
} from '../ui/statement-period';

// Keys start with ['company', companyId] so a company switch refetches them.

const base = (cid: string) => `/companies/${encodeURIComponent(cid)}`;
const entityPath = (cid: string, id: string) => `${base(cid)}/entities/${encodeURIComponent(id)}`;

/** The current company's id; '' (and the queries disabled) while none is chosen. */
function useCid(): string {
  return useCurrentCompany().companyId ?? '';
}

export function useClientTypes() {
  const cid = useCid();
  return useQuery({
    queryKey: keys.types(cid),
    queryFn: () => apiGet<TClientType[]>(`${base(cid)}/entityTemplate`),
    enabled: !!cid,
  });
}

export function useSaveClientType() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: TClientTypeSave) => apiPost<TSaved>(`${base(cid)}/entityTemplate`, v),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.types(cid) }),
  });
}

export function useDeleteClientType() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<TMessage>(`${base(cid)}/entityTemplate/${encodeURIComponent(id)}/delete`),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.types(cid) }),
        qc.invalidateQueries({ queryKey: keys.clients(cid) }),
      ]),
  });
}

/** Every client of the company; the list screen filters by type itself. */
export function useClients() {
  const cid = useCid();
  return useQuery({
    queryKey: keys.clients(cid),
    queryFn: () => apiGet<TClient[]>(`${base(cid)}/entities`),
    enabled: !!cid,
  });
}

export function useClient(id: string, enabled = true) {
  const cid = useCid();
  return useQuery({
    queryKey: keys.client(cid, id),
    queryFn: () => apiGet<TClientDetail>(entityPath(cid, id)),
    enabled: !!cid && enabled,
  });
}

/**
 * The client's statement, of a period when one is given (From, To: '' for no
 * bound). A period the server would refuse is not asked for: the statement
 * last shown stays, as it does while a new period loads.
 */
export function useClientStatement(id: string, period: StatementPeriodValue = WHOLE_ACCOUNT) {
  const cid = useCid();
  const valid = Object.keys(statementPeriodErrors(period)).length === 0;
  return useQuery({
    queryKey: keys.statement(cid, id, period.from, period.to),
    queryFn: () =>
      apiGet<TStatementResponse>(
        `${entityPath(cid, id)}/statement${statementPeriodSearch(period)}`,
      ),
    enabled: !!cid && valid,
    // Only the same client's statement stands in: never another client's.
    placeholderData: (previous, query) => (query?.queryKey[4] === id ? previous : undefined),
  });
}

/**
 * Saving or deleting a client refreshes the list and its detail (both under
 * 'clients') and the invoices, whose rows show the client's name.
 */
function useRefreshClients() {
  const cid = useCid();
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.clients(cid) }),
      qc.invalidateQueries({ queryKey: invoiceKeys.all(cid) }),
    ]);
}

export function useSaveClient() {
  const cid = useCid();
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (v: TClientSave) => apiPost<TSaved>(`${base(cid)}/entities`, v),
    onSuccess: refresh,
  });
}

export function useDeleteClient() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<TMessage>(`${entityPath(cid, id)}/delete`),
    // Only marked stale: refetching the deleted client now would flash a 404 before we leave.
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.clients(cid), refetchType: 'none' }),
  });
}

export function useUploadClientDocument(id: string) {
  const cid = useCid();
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiUpload<TClientDocument | TSaved>(`${entityPath(cid, id)}/document`, form);
    },
    onSuccess: refresh,
  });
}

/** Download helpers that need the current company. */
export function useClientDownloads() {
  const cid = useCid();
  return {
    document: (clientId: string, doc: TClientDocument) =>
      downloadFile(
        `${entityPath(cid, clientId)}/documents/${encodeURIComponent(doc._id)}`,
        doc.name,
      ),
    /** The clients (of one type, when given) as semicolon CSV or an .xlsx workbook. */
    exportClients: (format: 'csv' | 'xlsx', entityTemplateId?: string) =>
      downloadFile(
        `${base(cid)}/entities/export?format=${format}${
          entityTemplateId ? `&entityTemplateId=${encodeURIComponent(entityTemplateId)}` : ''
        }`,
        `clients.${format}`,
      ),
  };
}
