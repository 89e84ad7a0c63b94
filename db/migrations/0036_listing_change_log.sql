CREATE TABLE "listing_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"listing_id" uuid,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_changes_pruned" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"up_to" "xid8" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_changes_xid_idx" ON "listing_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "listing_changes_at_idx" ON "listing_changes" USING btree ("at");--> statement-breakpoint
-- The directory's change log (decision 0095), written in the writer's transaction. Statement-level triggers with
-- transition tables: an import or a seed of many rows costs one INSERT ... SELECT per statement, not a call per row.
CREATE FUNCTION listing_changes_of_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO listing_changes (listing_id) SELECT id FROM old_rows;
  ELSE
    INSERT INTO listing_changes (listing_id) SELECT id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_changes_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_of_listings();--> statement-breakpoint
CREATE TRIGGER listing_changes_update AFTER UPDATE ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_of_listings();--> statement-breakpoint
CREATE TRIGGER listing_changes_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_of_listings();--> statement-breakpoint
-- An investor's last investment (the index's range filter) comes from its relationships and their rounds' dates.
CREATE FUNCTION listing_changes_of_relationships() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_changes (listing_id) SELECT DISTINCT investor_id FROM new_rows WHERE investor_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_changes (listing_id) SELECT DISTINCT investor_id FROM old_rows WHERE investor_id IS NOT NULL;
  ELSE
    INSERT INTO listing_changes (listing_id)
      SELECT investor_id FROM new_rows WHERE investor_id IS NOT NULL
      UNION SELECT investor_id FROM old_rows WHERE investor_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_changes_relationships_insert AFTER INSERT ON investor_relationships REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_of_relationships();--> statement-breakpoint
CREATE TRIGGER listing_changes_relationships_update AFTER UPDATE ON investor_relationships
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_of_relationships();--> statement-breakpoint
CREATE TRIGGER listing_changes_relationships_delete AFTER DELETE ON investor_relationships REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_of_relationships();--> statement-breakpoint
-- A round's new date moves the last investment of every investor in it (a deleted round sets their relationships'
-- round to null, which the relationships' trigger logs).
CREATE FUNCTION listing_changes_of_rounds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_changes (listing_id)
    SELECT DISTINCT r.investor_id FROM investor_relationships r JOIN new_rows n ON n.id = r.funding_round_id
    JOIN old_rows o ON o.id = n.id
    WHERE r.investor_id IS NOT NULL AND n.funding_date IS DISTINCT FROM o.funding_date;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_changes_rounds_update AFTER UPDATE ON funding_rounds REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_of_rounds();
