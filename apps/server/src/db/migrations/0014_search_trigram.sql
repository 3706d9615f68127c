CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin (("name" || ' ' || "surname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm_idx" ON "suppliers" USING gin (("name" || ' ' || "surname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_quote_number_trgm_idx" ON "invoices" USING gin ("quote_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_number_trgm_idx" ON "appointments" USING gin ("appointment_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_fault_trgm_idx" ON "appointments" USING gin ("fault_description" gin_trgm_ops);