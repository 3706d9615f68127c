CREATE TABLE "task_coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"giver_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"display_time" timestamp with time zone NOT NULL,
	"opened" timestamp with time zone,
	"requested" timestamp with time zone,
	"used" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_coupons" ADD CONSTRAINT "task_coupons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_coupons" ADD CONSTRAINT "task_coupons_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_coupons" ADD CONSTRAINT "task_coupons_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_coupons_holder_idx" ON "task_coupons" USING btree ("company_id","holder_id");--> statement-breakpoint
CREATE INDEX "task_coupons_giver_idx" ON "task_coupons" USING btree ("company_id","giver_id");