CREATE TABLE "listing_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"content_hash" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_sources" ADD CONSTRAINT "listing_sources_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_sources_external_key" ON "listing_sources" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "listing_sources_listing_idx" ON "listing_sources" USING btree ("listing_id");