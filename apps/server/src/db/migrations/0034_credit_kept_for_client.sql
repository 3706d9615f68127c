ALTER TABLE "credit_note_refunds" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
CREATE INDEX "credit_note_refunds_payment_idx" ON "credit_note_refunds" USING btree ("payment_id");--> statement-breakpoint
-- The payment it made on a later invoice: removing that payment removes the refund with it.
ALTER TABLE "credit_note_refunds" ADD CONSTRAINT "credit_note_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;
