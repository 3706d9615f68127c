import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAppointment, TAppointmentSave, TJobComment, TJobSaved } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost, apiUpload } from './api-client';
import { downloadFile } from './download';
import { invoiceKeys, jobKeys } from './query-keys';

const base = (cid: string) => `/companies/${encodeURIComponent(cid)}/appointments`;
const jobPath = (cid: string, id: string) => `${base(cid)}/${encodeURIComponent(id)}`;

function useCid(): string {
  return useCurrentCompany().companyId ?? '';
}

/** A client's jobs, newest first as the server sends them. */
export function useClientJobs(entityId: string) {
  const cid = useCid();
  return useQuery({
    queryKey: jobKeys.ofClient(cid, entityId),
    queryFn: () => apiGet<TAppointment[]>(`${base(cid)}?entityId=${encodeURIComponent(entityId)}`),
    enabled: !!cid && !!entityId,
  });
}

/** One job (the modal's); `id` null loads nothing. */
export function useJob(id: string | null) {
  const cid = useCid();
  return useQuery({
    queryKey: jobKeys.one(cid, id ?? ''),
    queryFn: () => apiGet<TAppointment>(`${base(cid)}/activeJobs/${encodeURIComponent(id ?? '')}`),
    enabled: !!cid && !!id,
  });
}

/**
 * What a change to job `id` makes stale: that job, its comments and every job
 * list. The server's `updateActiveJobs` push calls this too.
 */
export function invalidateJob(qc: QueryClient, cid: string, id: string | null) {
  const jobs = [qc.invalidateQueries({ queryKey: jobKeys.lists(cid) })];
  if (id) {
    jobs.push(qc.invalidateQueries({ queryKey: jobKeys.one(cid, id) }));
    jobs.push(qc.invalidateQueries({ queryKey: jobKeys.comments(cid, id) }));
  }
  return Promise.all(jobs);
}

export function useSaveJob() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAppointmentSave) => apiPost<TJobSaved>(base(cid), body),
    // A generated invoice may follow a move (automations).
    onSuccess: (r) =>
      Promise.all([
        invalidateJob(qc, cid, r._id),
        qc.invalidateQueries({ queryKey: invoiceKeys.all(cid) }),
      ]),
  });
}

/**
 * Saves part of a saved job at once (a signature or photos, a patch: the
 * server keeps every field the body leaves out). The lists and the job are
 * refetched after it resolves, not before, so the modal can take the new
 * version first.
 */
export function useSaveJobPart() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAppointmentSave & { _id: string }) => apiPost<TJobSaved>(base(cid), body),
    onSuccess: (r) => {
      void invalidateJob(qc, cid, r._id);
    },
  });
}

export function useDeleteJob() {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<unknown>(`${jobPath(cid, id)}/delete`),
    onSuccess: (_r, id) => {
      // The deleted job must not be refetched (it would 404).
      qc.removeQueries({ queryKey: jobKeys.one(cid, id) });
      return invalidateJob(qc, cid, null);
    },
  });
}

/** A job's comments: the newest first; the two most recent, or with `all` the latest 100. */
export function useJobComments(id: string | null, all: boolean) {
  const cid = useCid();
  return useQuery({
    queryKey: jobKeys.commentPage(cid, id ?? '', all),
    queryFn: () =>
      apiGet<{ comments: TJobComment[]; total: number }>(
        `${jobPath(cid, id ?? '')}/comments?limit=${all ? 100 : 2}`,
      ),
    enabled: !!cid && !!id,
  });
}

export function useAddJobComment(id: string) {
  const cid = useCid();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiPost<unknown>(`${jobPath(cid, id)}/comments`, { text }),
    onSuccess: () => invalidateJob(qc, cid, id),
  });
}

/** Upload one image (a photo or a drawn signature) of a job; answers the stored file. */
export function useUploadJobImage(id: string) {
  const cid = useCid();
  return useMutation({
    mutationFn: ({ file, signature = false }: { file: Blob; signature?: boolean }) => {
      const form = new FormData();
      // A signature must be a PNG (the server checks); the field goes before the file.
      if (signature) form.append('kind', 'signature');
      form.append('file', file, file instanceof File ? file.name : 'signature.png');
      return apiUpload<{ file: string }>(`${jobPath(cid, id)}/images`, form);
    },
  });
}

/** The appointments CSV (Number, Reported Date, Cleared Date, Current Status, Fault, Resolution). */
export function downloadJobsCsv(cid: string) {
  return downloadFile(`${base(cid)}/export`, 'appointments.csv');
}
