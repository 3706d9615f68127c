import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';

/**
 * Counts one more image upload for the job unless it has `max` already;
 * answers whether it did. One statement, so parallel uploads cannot pass the
 * limit together.
 */
export async function takeImageUpload(
  db: Tx,
  companyId: string,
  jobId: string,
  max: number,
): Promise<boolean> {
  const rows = await db
    .update(appointments)
    .set({ imageUploads: sql`${appointments.imageUploads} + 1` })
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.id, jobId),
        lt(appointments.imageUploads, max),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** Locks the job's row for the transaction (comments of one job are added in turn). */
export async function lockJobRow(db: Tx, companyId: string, jobId: string): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, jobId)))
    .for('update');
  return rows.length > 0;
}
