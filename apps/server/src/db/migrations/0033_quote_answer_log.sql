ALTER TABLE "invoices" ADD COLUMN "client_responses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A quote answered before the log was kept starts it with that answer.
UPDATE "invoices" SET "client_responses" = jsonb_build_array("client_response") WHERE "client_response" IS NOT NULL;
