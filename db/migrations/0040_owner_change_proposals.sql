CREATE TABLE "listing_change_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"proposed_by" text,
	"changes" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "listing_change_proposals_origin_check" CHECK ("listing_change_proposals"."origin" IN ('owner', 'import', 'merge')),
	CONSTRAINT "listing_change_proposals_status_check" CHECK ("listing_change_proposals"."status" IN ('pending', 'approved', 'rejected', 'published', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "owner_field_rules" (
	"field" text PRIMARY KEY NOT NULL,
	"publish_at_once" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_field_rules_field_check" CHECK ("owner_field_rules"."field" IN ('tagline', 'description', 'websiteUrl', 'linkedinUrl', 'twitterUrl', 'facebookUrl', 'team', 'faqs'))
);
--> statement-breakpoint
ALTER TABLE "listing_change_proposals" ADD CONSTRAINT "listing_change_proposals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_proposals" ADD CONSTRAINT "listing_change_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_proposals" ADD CONSTRAINT "listing_change_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_field_rules" ADD CONSTRAINT "owner_field_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_change_proposals_status_idx" ON "listing_change_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listing_change_proposals_listing_idx" ON "listing_change_proposals" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_change_proposals_proposed_by_idx" ON "listing_change_proposals" USING btree ("proposed_by");