ALTER TABLE "companies" ADD COLUMN "portal_in_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_links" ADD COLUMN "sealed_token" text;