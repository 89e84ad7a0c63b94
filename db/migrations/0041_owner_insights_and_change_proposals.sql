CREATE TABLE "listing_insight_counts" (
	"listing_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"metric" text NOT NULL,
	"dimension" text NOT NULL,
	"bucket" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "listing_insight_counts_listing_id_week_start_metric_dimension_bucket_pk" PRIMARY KEY("listing_id","week_start","metric","dimension","bucket"),
	CONSTRAINT "listing_insight_counts_metric_check" CHECK ("listing_insight_counts"."metric" IN ('view', 'appearance')),
	CONSTRAINT "listing_insight_counts_dimension_check" CHECK ("listing_insight_counts"."dimension" IN ('total', 'plan', 'listing_type', 'industry')),
	CONSTRAINT "listing_insight_counts_count_check" CHECK ("listing_insight_counts"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "owner_insight_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"month_start" date NOT NULL,
	"status" text NOT NULL,
	"outbox_email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "owner_insight_deliveries_member_month_key" UNIQUE("user_id","month_start"),
	CONSTRAINT "owner_insight_deliveries_status_check" CHECK ("owner_insight_deliveries"."status" IN ('sending', 'sent', 'stored', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "owner_insight_email_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"emails" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_insight_runs" (
	"month_start" date PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "owner_insight_deliveries" ADD CONSTRAINT "owner_insight_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_insight_deliveries" ADD CONSTRAINT "owner_insight_deliveries_outbox_email_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_email_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_insight_email_settings" ADD CONSTRAINT "owner_insight_email_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_proposals" ADD CONSTRAINT "listing_change_proposals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_proposals" ADD CONSTRAINT "listing_change_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_proposals" ADD CONSTRAINT "listing_change_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_field_rules" ADD CONSTRAINT "owner_field_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_insight_deliveries_month_idx" ON "owner_insight_deliveries" USING btree ("month_start","status");--> statement-breakpoint
CREATE INDEX "listing_change_proposals_status_idx" ON "listing_change_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listing_change_proposals_listing_idx" ON "listing_change_proposals" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_change_proposals_proposed_by_idx" ON "listing_change_proposals" USING btree ("proposed_by");