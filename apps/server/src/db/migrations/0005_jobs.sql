CREATE TABLE "appointment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"color" text DEFAULT 'primary' NOT NULL,
	"statuses" jsonb NOT NULL,
	"components" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"appointment_number" text NOT NULL,
	"appointment_type_id" uuid NOT NULL,
	"status" text,
	"has_schedule" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"status_entries" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"is_all_day_event" boolean DEFAULT true NOT NULL,
	"send_client_reminder" boolean DEFAULT false NOT NULL,
	"priority" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"assigned_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entity_id" uuid,
	"fault_description" text DEFAULT '' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount" jsonb NOT NULL,
	"to" text DEFAULT '' NOT NULL,
	"to_email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"google_position" jsonb,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invoice_id" uuid,
	"order" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"depart" timestamp with time zone,
	"distance" numeric(12, 1),
	"duration" integer,
	"display_order" integer,
	"progress" integer,
	"dependencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"public_key" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"reminder_sent_for" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"user_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_types" ADD CONSTRAINT "appointment_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_appointment_type_id_appointment_types_id_fk" FOREIGN KEY ("appointment_type_id") REFERENCES "public"."appointment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_entity_id_clients_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_comments" ADD CONSTRAINT "job_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_comments" ADD CONSTRAINT "job_comments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_comments" ADD CONSTRAINT "job_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_types_company_name_uq" ON "appointment_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_company_number_uq" ON "appointments" USING btree ("company_id","appointment_number");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_public_key_uq" ON "appointments" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "appointments_company_start_idx" ON "appointments" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE INDEX "appointments_company_active_idx" ON "appointments" USING btree ("company_id","appointment_type_id") WHERE "appointments"."active";--> statement-breakpoint
CREATE INDEX "appointments_company_entity_idx" ON "appointments" USING btree ("company_id","entity_id");--> statement-breakpoint
CREATE INDEX "job_comments_job_idx" ON "job_comments" USING btree ("appointment_id","created_at");