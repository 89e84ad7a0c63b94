ALTER TABLE "listings" ADD COLUMN "match_key" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "match_domain" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "match_linkedin" text;--> statement-breakpoint
CREATE INDEX "listings_match_domain_idx" ON "listings" USING btree ("match_domain") WHERE "listings"."match_domain" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_match_linkedin_idx" ON "listings" USING btree ("match_linkedin") WHERE "listings"."match_linkedin" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_match_key_trgm_idx" ON "listings" USING gin ("match_key" gin_trgm_ops);--> statement-breakpoint
-- Whoever changes a listing's name or URLs without setting its match columns leaves them null ("to be worked
-- out"): the next duplicate scan recomputes them, so no writer can leave a stale key behind.
CREATE FUNCTION listings_match_columns_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name IS DISTINCT FROM OLD.name OR NEW.website_url IS DISTINCT FROM OLD.website_url OR NEW.linkedin_url IS DISTINCT FROM OLD.linkedin_url)
     AND NEW.match_key IS NOT DISTINCT FROM OLD.match_key THEN
    NEW.match_key := NULL;
    NEW.match_domain := NULL;
    NEW.match_linkedin := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER listings_match_columns_stale BEFORE UPDATE ON listings FOR EACH ROW EXECUTE FUNCTION listings_match_columns_stale();
