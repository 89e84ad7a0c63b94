CREATE TABLE "listing_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survivor_id" uuid NOT NULL,
	"merged_id" uuid NOT NULL,
	"survivor_before" jsonb NOT NULL,
	"merged_before" jsonb NOT NULL,
	"moved" jsonb NOT NULL,
	"dropped" jsonb NOT NULL,
	"merged_fields" text[] NOT NULL,
	"score" real,
	"reasons" text[] NOT NULL,
	"merged_by" text,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_by" text,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "listing_merges" ADD CONSTRAINT "listing_merges_survivor_id_listings_id_fk" FOREIGN KEY ("survivor_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_merges" ADD CONSTRAINT "listing_merges_merged_id_listings_id_fk" FOREIGN KEY ("merged_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_merges" ADD CONSTRAINT "listing_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_merges" ADD CONSTRAINT "listing_merges_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_merges_survivor_idx" ON "listing_merges" USING btree ("survivor_id");--> statement-breakpoint
CREATE INDEX "listing_merges_merged_idx" ON "listing_merges" USING btree ("merged_id");