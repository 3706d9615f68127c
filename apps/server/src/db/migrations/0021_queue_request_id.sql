ALTER TABLE "queue_jobs" ADD COLUMN "request_id" text;
