CREATE TABLE "cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"registration" text NOT NULL,
	"registration_key" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"opening_odometer" integer NOT NULL,
	"year" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_book_trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"car_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"opening_odometer" integer NOT NULL,
	"closing_odometer" integer NOT NULL,
	"kilometres" integer NOT NULL,
	"business" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"job_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_trips" ADD CONSTRAINT "log_book_trips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_trips" ADD CONSTRAINT "log_book_trips_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_trips" ADD CONSTRAINT "log_book_trips_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_trips" ADD CONSTRAINT "log_book_trips_job_id_appointments_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_book_trips" ADD CONSTRAINT "log_book_trips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cars_company_registration_uq" ON "cars" USING btree ("company_id","registration_key");--> statement-breakpoint
CREATE INDEX "log_book_trips_company_date_idx" ON "log_book_trips" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "log_book_trips_car_date_idx" ON "log_book_trips" USING btree ("car_id","date");