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
ALTER TABLE "owner_insight_deliveries" ADD CONSTRAINT "owner_insight_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_insight_deliveries" ADD CONSTRAINT "owner_insight_deliveries_outbox_email_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_email_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_insight_email_settings" ADD CONSTRAINT "owner_insight_email_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_insight_deliveries_month_idx" ON "owner_insight_deliveries" USING btree ("month_start","status");