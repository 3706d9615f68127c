import type { Tx } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { companyFileBytes, insertFileRow, lockCompanyFiles, type NewFile } from './files.repo.js';

const MB = 1024 * 1024;

/** What an upload over the quota answers (413, naming the upload's field). */
export const storageFullMessage = (usedBytes: number, quotaBytes: number) =>
  `Storage is full: this company uses ${(usedBytes / MB).toFixed(1)} MB of its ` +
  `${Math.round(quotaBytes / MB)} MB. Delete old jobs or files to make room.`;

/**
 * Stores an upload, counted against its company's storage quota (DECISIONS
 * §15; config `storageQuotaBytes`): every file of the company (job images
 * and signatures, expense photos, client documents, logos, template images)
 * counts by its size. Over the quota it is refused with a 413 naming `field`.
 * A file of no company (a person's picture) is not counted.
 */
export async function storeFile(
  tx: Tx,
  limit: { quotaBytes: number; field: string },
  v: NewFile,
): Promise<string> {
  if (v.companyId) {
    await lockCompanyFiles(tx, v.companyId);
    const used = await companyFileBytes(tx, v.companyId);
    if (used + v.data.length > limit.quotaBytes) {
      const message = storageFullMessage(used, limit.quotaBytes);
      throw new HttpError(413, message, { [limit.field]: message });
    }
  }
  return insertFileRow(tx, v);
}
