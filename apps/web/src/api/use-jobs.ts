import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type TAppointment,
  type TAppointmentSave,
  type TJobComment,
  type TJobSaved,
  type TOfflineClient,
  ZOfflineClient,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { useCurrentUser } from '../app/use-session';
import { apiGet, apiPost, apiRequest } from './api-client';
import { downloadFile } from './download';
import {
  holdBack,
  type KeptSave,
  jobWithPending,
  pendingComments,
  queueComment,
  queueJobSave,
  queueUpload,
} from './offline/outbox';
import { sendOrKeep, noNetwork } from './offline/send-or-keep';
import { syncSoon, uploadedRefs } from './offline/sync';
import { invoiceKeys, jobKeys } from './query-keys';
import { useJobOutbox } from './use-offline';

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

/**
 * The contact of a job's client (phone, e-mail, address), for members who may
 * read clients: the week's pack puts it in the cache for offline use; a job
 * outside the week reads the client.
 */
export function useJobClient(entityId: string | null, mayRead: boolean) {
  const cid = useCid();
  return useQuery({
    queryKey: jobKeys.client(cid, entityId ?? ''),
    // The contact's fields only (core ZOfflineClient leaves the rest out), as the pack has them.
    queryFn: async (): Promise<TOfflineClient> =>
      ZOfflineClient.parse(
        await apiGet(
          `/companies/${encodeURIComponent(cid)}/entities/${encodeURIComponent(entityId ?? '')}`,
        ),
      ),
    enabled: !!cid && !!entityId && mayRead,
    staleTime: 60_000,
  });
}

/**
 * One job (the modal's), with the changes that wait on this phone over it;
 * `id` null loads nothing. No job until the phone's outbox is read, so a form
 * never starts from the server's copy of a job changed offline.
 */
export function useJob(id: string | null) {
  const cid = useCid();
  const pending = useJobOutbox(id);
  const select = useCallback((job: TAppointment) => jobWithPending(job, pending ?? []), [pending]);
  const query = useQuery({
    queryKey: jobKeys.one(cid, id ?? ''),
    queryFn: () => apiGet<TAppointment>(`${base(cid)}/activeJobs/${encodeURIComponent(id ?? '')}`),
    enabled: !!cid && !!id,
    select,
  });
  if (pending || !id) return query;
  return { ...query, data: undefined, isLoading: true } as unknown as typeof query;
}

export const NOT_KEPT = 'This job is not kept on this phone: connect to the internet to save it';

/**
 * A save of a saved job: straight to the server when online and nothing of
 * that job waits, else (or when the network fails on the way) into the
 * phone's outbox, answered at once (docs/offline.md).
 */
export function useJobSaveFn() {
  const cid = useCid();
  const qc = useQueryClient();
  return async (body: TAppointmentSave): Promise<KeptSave> => {
    const id = body._id;
    const queue = async () => {
      const job = qc.getQueryData<TAppointment>(jobKeys.one(cid, id!));
      if (!job) throw new Error(NOT_KEPT);
      const r = await queueJobSave(cid, job, body);
      void syncSoon();
      return r;
    };
    if (id && holdBack(id)) return queue();
    // Photos taken offline and uploaded since: the server's ids, not the phone's names.
    const sent = await uploadedRefs(body);
    if (!sent) return queue();
    try {
      return await apiPost<TJobSaved>(base(cid), sent);
    } catch (e) {
      if (id && noNetwork(e)) return queue();
      throw e;
    }
  };
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
  const saveFn = useJobSaveFn();
  return useMutation({
    // Offline too: the change goes to the phone's outbox.
    networkMode: 'always',
    mutationFn: saveFn,
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
  const saveFn = useJobSaveFn();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: TAppointmentSave & { _id: string }) => saveFn(body),
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
  const pending = useJobOutbox(id);
  const select = useCallback(
    (page: { comments: TJobComment[]; total: number }) => {
      const waiting = pendingComments(pending ?? []);
      return waiting.length
        ? { comments: [...waiting, ...page.comments], total: page.total + waiting.length }
        : page;
    },
    [pending],
  );
  return useQuery({
    select,
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
  const me = useCurrentUser();
  const author = [me.name, me.surname].filter(Boolean).join(' ');
  return useMutation({
    networkMode: 'always',
    mutationFn: (text: string) =>
      sendOrKeep<unknown>(
        id,
        (key) =>
          apiRequest('POST', `${jobPath(cid, id)}/comments`, {
            body: { text },
            headers: { [IDEMPOTENCY_HEADER]: key },
          }),
        (key) => queueComment(cid, id, text, author, key),
      ),
    onSuccess: () => invalidateJob(qc, cid, id),
  });
}

/** Upload one image (a photo or a drawn signature) of a job; answers the stored file. */
export function useUploadJobImage(id: string) {
  const cid = useCid();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ file, signature = false }: { file: Blob; signature?: boolean }) =>
      sendOrKeep(
        id,
        (key) => {
          const form = new FormData();
          // A signature must be a PNG (the server checks); the field goes before the file.
          if (signature) form.append('kind', 'signature');
          form.append('file', file, file instanceof File ? file.name : 'signature.png');
          return apiRequest<{ file: string }>('POST', `${jobPath(cid, id)}/images`, {
            form,
            headers: { [IDEMPOTENCY_HEADER]: key },
          });
        },
        (key) => queueUpload(cid, id, file, signature, key),
      ),
  });
}

/** The appointments CSV (Number, Reported Date, Cleared Date, Current Status, Fault, Resolution). */
export function downloadJobsCsv(cid: string) {
  return downloadFile(`${base(cid)}/export`, 'appointments.csv');
}
