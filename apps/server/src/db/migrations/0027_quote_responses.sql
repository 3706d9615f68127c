ALTER TABLE "companies" ADD COLUMN "quote_accept_action" text DEFAULT 'notify' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quote_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_response" jsonb;