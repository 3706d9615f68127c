-- Hand-edited: drizzle-kit renames the table but drops and re-creates its
-- indexes and foreign key under the new names; a rename keeps them (and the
-- queue's rows) as they are. The primary key and the id sequence follow the
-- table's new name too, as a fresh CREATE TABLE "queue_jobs" would name them.
ALTER TABLE "jobs" RENAME TO "queue_jobs";--> statement-breakpoint
ALTER TABLE "queue_jobs" RENAME CONSTRAINT "jobs_company_id_companies_id_fk" TO "queue_jobs_company_id_companies_id_fk";--> statement-breakpoint
ALTER INDEX "jobs_pkey" RENAME TO "queue_jobs_pkey";--> statement-breakpoint
ALTER SEQUENCE "jobs_id_seq" RENAME TO "queue_jobs_id_seq";--> statement-breakpoint
ALTER INDEX "jobs_due_idx" RENAME TO "queue_jobs_due_idx";--> statement-breakpoint
ALTER INDEX "jobs_company_due_idx" RENAME TO "queue_jobs_company_due_idx";--> statement-breakpoint
ALTER INDEX "jobs_running_idx" RENAME TO "queue_jobs_running_idx";--> statement-breakpoint
ALTER INDEX "jobs_dedupe_uq" RENAME TO "queue_jobs_dedupe_uq";
