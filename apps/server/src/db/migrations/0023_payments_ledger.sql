ALTER TABLE "payments" ADD COLUMN "date_paid" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
CREATE INDEX "payments_company_invoice_idx" ON "payments" USING btree ("company_id","invoice_id");--> statement-breakpoint
-- Payments become a ledger (DECISIONS §16, docs/payments.md): PayFast rows get the day they
-- came (company zone) and their method; every invoice whose amount paid is more than its
-- online payments gets one payment by hand for the rest, dated as the invoice was paid.
UPDATE "payments" p SET "date_paid" = (p."created_at" AT TIME ZONE c."time_zone")::date, "method" = 'PayFast'
  FROM "companies" c WHERE c."id" = p."company_id" AND p."date_paid" IS NULL;--> statement-breakpoint
INSERT INTO "payments" ("company_id", "invoice_id", "provider", "provider_payment_id", "amount", "status", "payload", "date_paid", "method")
SELECT i."company_id", i."id", 'manual', gen_random_uuid()::text, i."amount_paid" - coalesce(o."sum", 0), 'COMPLETE', '{}'::jsonb,
       coalesce(i."date_paid", i."invoice_date"), i."method_paid"
  FROM "invoices" i
  LEFT JOIN (SELECT "invoice_id", sum("amount") AS "sum" FROM "payments" WHERE "invoice_id" IS NOT NULL GROUP BY "invoice_id") o
    ON o."invoice_id" = i."id"
 WHERE i."amount_paid" - coalesce(o."sum", 0) > 0;
--> statement-breakpoint
-- Paid now means a nil balance (DECISIONS §16): an invoice marked paid for less than its total
-- is paid in part; one settled online within a cent stays paid, as PayFast rounds.
UPDATE "invoices" i SET "paid" = (i."amount_paid" > 0 AND (i."amount_paid" >= i."total"
    OR (i."total" - i."amount_paid" <= 0.01 AND EXISTS (
      SELECT 1 FROM "payments" p WHERE p."invoice_id" = i."id" AND p."provider" <> 'manual'))))
 WHERE NOT i."is_quote";
