CREATE TABLE "card_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "card_changes_company_idx" ON "card_changes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "card_changes_at_idx" ON "card_changes" USING btree ("at");--> statement-breakpoint
-- The board's cards change when a job, a client's name or position, or a type does: the
-- database writes a row for each such change itself, in the writer's transaction, so no
-- writer (area, worker, import, another process) can forget it (docs/performance.md, "Jobs").
CREATE FUNCTION card_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO card_changes (company_id) SELECT DISTINCT company_id FROM old_rows;
  ELSE
    INSERT INTO card_changes (company_id) SELECT DISTINCT company_id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION card_changed_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO card_changes (company_id) VALUES (OLD.company_id);
  ELSE
    INSERT INTO card_changes (company_id) VALUES (NEW.company_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER appointments_cards_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION card_changed_rows();--> statement-breakpoint
CREATE TRIGGER appointments_cards_update AFTER UPDATE ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION card_changed_rows();--> statement-breakpoint
CREATE TRIGGER appointments_cards_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION card_changed_rows();--> statement-breakpoint
CREATE TRIGGER clients_cards_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.surname IS DISTINCT FROM NEW.surname
    OR OLD.google_position IS DISTINCT FROM NEW.google_position)
  EXECUTE FUNCTION card_changed_row();--> statement-breakpoint
CREATE TRIGGER clients_cards_delete AFTER DELETE ON clients FOR EACH ROW
  EXECUTE FUNCTION card_changed_row();--> statement-breakpoint
CREATE TRIGGER appointment_types_cards AFTER UPDATE OR DELETE ON appointment_types FOR EACH ROW
  EXECUTE FUNCTION card_changed_row();
