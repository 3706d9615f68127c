CREATE TABLE "client_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"descriptions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entity_template_id" uuid,
	"statement_template_id" uuid,
	"user_id" uuid,
	"name" text NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"contact_number" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"google_position" jsonb,
	"google_zoom" integer,
	"auto_send_statement" boolean DEFAULT false NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outstanding" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_number" text,
	"quote_number" text,
	"is_quote" boolean DEFAULT false NOT NULL,
	"invoice_template_id" uuid,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"entity_id" uuid,
	"to" text DEFAULT '' NOT NULL,
	"to_email" text DEFAULT '' NOT NULL,
	"descriptions" jsonb NOT NULL,
	"discount" jsonb NOT NULL,
	"tax" jsonb NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount_total" numeric(14, 2) NOT NULL,
	"net" numeric(14, 2) NOT NULL,
	"tax1" numeric(14, 2) NOT NULL,
	"tax2" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"date_paid" date,
	"method_paid" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurring_type" text DEFAULT '' NOT NULL,
	"appointment_id" uuid,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent" timestamp with time zone,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"queued_for_sending" boolean DEFAULT false NOT NULL,
	"queued_for_sending_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"ledger_account_id" uuid,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_tax" boolean DEFAULT true NOT NULL,
	"has_second_tax" boolean DEFAULT true NOT NULL,
	"cost" numeric(14, 2),
	"supplier_id" uuid,
	"expense_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_counters" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "number_counters_company_id_kind_scope_pk" PRIMARY KEY("company_id","kind","scope")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"expense_number" text NOT NULL,
	"expense_date" date NOT NULL,
	"due_date" date,
	"to" text DEFAULT '' NOT NULL,
	"supplier_id" uuid,
	"price" numeric(14, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"method_paid" text DEFAULT '' NOT NULL,
	"has_warranty" boolean DEFAULT false NOT NULL,
	"warranty_valid_date" date,
	"ledger_account_id" uuid,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurring_type" text DEFAULT '' NOT NULL,
	"photo" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"value" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" uuid,
	"fixed_client_id" uuid,
	"fixed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_types" ADD CONSTRAINT "client_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_entity_template_id_client_types_id_fk" FOREIGN KEY ("entity_template_id") REFERENCES "public"."client_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_entity_id_clients_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_counters" ADD CONSTRAINT "number_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_photo_files_id_fk" FOREIGN KEY ("photo") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_fixed_client_id_clients_id_fk" FOREIGN KEY ("fixed_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_documents_company_client_idx" ON "client_documents" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "client_types_company_idx" ON "client_types" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "clients_company_name_idx" ON "clients" USING btree ("company_id","name","surname");--> statement-breakpoint
CREATE INDEX "clients_company_type_idx" ON "clients" USING btree ("company_id","entity_template_id");--> statement-breakpoint
CREATE INDEX "suppliers_company_name_idx" ON "suppliers" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "invoices_company_date_idx" ON "invoices" USING btree ("company_id","invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_company_entity_idx" ON "invoices" USING btree ("company_id","entity_id","invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_invoice_number_uq" ON "invoices" USING btree ("company_id","invoice_number") WHERE "invoices"."invoice_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_quote_number_uq" ON "invoices" USING btree ("company_id","quote_number") WHERE "invoices"."quote_number" is not null;--> statement-breakpoint
CREATE INDEX "items_company_description_idx" ON "items" USING btree ("company_id","description");--> statement-breakpoint
CREATE INDEX "expenses_company_date_idx" ON "expenses" USING btree ("company_id","expense_date");--> statement-breakpoint
CREATE INDEX "expenses_company_supplier_idx" ON "expenses" USING btree ("company_id","supplier_id");--> statement-breakpoint
CREATE INDEX "incidents_company_status_idx" ON "incidents" USING btree ("company_id","status","date");