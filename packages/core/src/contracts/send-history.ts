import { z } from 'zod';

/** One e-mail of the invoice that went out (now or from the queue). */
export const ZSentEmail = z.object({ date: z.string(), to: z.string() });

/** One queued send (bulk sending) as the durable queue holds it. */
export const ZQueuedSend = z.object({
  queuedAt: z.string(),
  state: z.enum(['queued', 'done', 'failed']),
  /** Tries so far (a failed try is retried later, up to the queue's limit). */
  attempts: z.number().int(),
  finishedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

/** `GET /companies/{cid}/invoices/{id}/sending`: the invoice's sending history. */
export const ZSendHistory = z.object({
  /** The public /view/... link, or null while the invoice has no client. */
  publicUrl: z.string().nullable(),
  sentCount: z.number().int(),
  lastSent: z.string().nullable(),
  /** A queued send is waiting or running. */
  queued: z.boolean(),
  /** Why the last queued send gave up (cleared by a later send). */
  lastError: z.string().nullable(),
  /** Every e-mail sent, newest first. */
  emails: z.array(ZSentEmail),
  /** The queue's records of this invoice's sends, newest first (kept for some days). */
  queue: z.array(ZQueuedSend),
});
export type TSendHistory = z.infer<typeof ZSendHistory>;
