CREATE TABLE "listing_field_sources" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_merges" ADD COLUMN "survivor_sources_before" jsonb;--> statement-breakpoint
ALTER TABLE "listing_field_sources" ADD CONSTRAINT "listing_field_sources_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;