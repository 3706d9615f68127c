CREATE TABLE "recurring_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"start_date" date NOT NULL,
	"recurring_type" text NOT NULL,
	"separation_count" integer DEFAULT 0 NOT NULL,
	"day_of_week" integer,
	"day_of_month" integer,
	"month_of_year" integer,
	"week_of_month" integer,
	"max_occurrences" integer,
	"end_date" date,
	"next_run_date" date,
	"last_run_date" date,
	"entity_id" uuid,
	"supplier_id" uuid,
	"send_on_creation" boolean DEFAULT false NOT NULL,
	"include_statement" boolean DEFAULT false NOT NULL,
	"backdate" boolean DEFAULT false NOT NULL,
	"backdate_amount" integer DEFAULT 0 NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"descriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount" jsonb,
	"tax" jsonb,
	"document" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"recurring_item_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"company_id" uuid NOT NULL,
	"document_id" uuid,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_runs_recurring_item_id_occurrence_date_pk" PRIMARY KEY("recurring_item_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "account_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"income" boolean NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"line_index" integer DEFAULT 0 NOT NULL,
	"date" date NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"qty" numeric(14, 4) DEFAULT '1' NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text DEFAULT 'revenue' NOT NULL,
	"income" boolean NOT NULL,
	"name" text NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_items" ADD CONSTRAINT "recurring_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_items" ADD CONSTRAINT "recurring_items_entity_id_clients_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_items" ADD CONSTRAINT "recurring_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_items" ADD CONSTRAINT "recurring_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_recurring_item_id_recurring_items_id_fk" FOREIGN KEY ("recurring_item_id") REFERENCES "public"."recurring_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_items" ADD CONSTRAINT "account_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_items" ADD CONSTRAINT "account_items_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_items_company_type_idx" ON "recurring_items" USING btree ("company_id","type");--> statement-breakpoint
CREATE INDEX "recurring_items_due_idx" ON "recurring_items" USING btree ("next_run_date");--> statement-breakpoint
CREATE UNIQUE INDEX "account_items_source_uq" ON "account_items" USING btree ("source_kind","source_id","line_index");--> statement-breakpoint
CREATE INDEX "account_items_statement_idx" ON "account_items" USING btree ("company_id","date","ledger_account_id");--> statement-breakpoint
CREATE INDEX "account_items_account_idx" ON "account_items" USING btree ("ledger_account_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_company_idx" ON "ledger_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_one_default_uq" ON "ledger_accounts" USING btree ("company_id","income") WHERE "ledger_accounts"."is_default";--> statement-breakpoint
-- Ledger ids must now name an account of the company; before this migration there were no
-- accounts, so every stored id names none. Clearing them lets old documents save again.
UPDATE "items" SET "ledger_account_id" = NULL, "expense_account_id" = NULL WHERE "ledger_account_id" IS NOT NULL OR "expense_account_id" IS NOT NULL;--> statement-breakpoint
UPDATE "expenses" SET "ledger_account_id" = NULL WHERE "ledger_account_id" IS NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "descriptions" = (SELECT coalesce(jsonb_agg(e - 'ledgerAccountId' ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements("descriptions") WITH ORDINALITY AS l(e, n)) WHERE jsonb_path_exists("descriptions", '$[*].ledgerAccountId ? (@ != null)');--> statement-breakpoint
UPDATE "appointments" SET "line_items" = (SELECT coalesce(jsonb_agg(e - 'ledgerAccountId' ORDER BY n), '[]'::jsonb) FROM jsonb_array_elements("line_items") WITH ORDINALITY AS l(e, n)) WHERE jsonb_path_exists("line_items", '$[*].ledgerAccountId ? (@ != null)');
