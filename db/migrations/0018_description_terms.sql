CREATE TABLE "listing_description_terms" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"terms" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_description_terms" ADD CONSTRAINT "listing_description_terms_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept in step with listings in the writer's transaction (decision 0060): the description's lexemes (weight C of the
-- generated search_vector, already computed when an AFTER trigger runs) while the listing is published, no row else.
CREATE FUNCTION listing_description_terms_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.processing_status = 'published' THEN
    INSERT INTO listing_description_terms (listing_id, terms) VALUES (NEW.id, strip(ts_filter(NEW.search_vector, '{c}')))
    ON CONFLICT (listing_id) DO UPDATE SET terms = EXCLUDED.terms;
  ELSE
    DELETE FROM listing_description_terms WHERE listing_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_description_terms_sync AFTER INSERT OR UPDATE OF description, processing_status ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_description_terms_sync();--> statement-breakpoint
-- The listings already there, before the index: one pass, then the index built once.
INSERT INTO listing_description_terms (listing_id, terms)
  SELECT id, strip(ts_filter(search_vector, '{c}')) FROM listings WHERE processing_status = 'published'
  ON CONFLICT (listing_id) DO NOTHING;--> statement-breakpoint
CREATE INDEX "listing_description_terms_idx" ON "listing_description_terms" USING gin ("terms");
