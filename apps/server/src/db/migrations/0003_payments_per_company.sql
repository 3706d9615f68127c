DROP INDEX "payments_provider_id_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_company_provider_id_uq" ON "payments" USING btree ("company_id","provider","provider_payment_id");