CREATE TABLE "digest_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cadence" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"unsubscribe_url" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"outbox_email_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "digest_deliveries_member_period_key" UNIQUE("user_id","cadence","period_start"),
	CONSTRAINT "digest_deliveries_status_check" CHECK ("digest_deliveries"."status" IN ('pending', 'sending', 'sent', 'stored', 'failed', 'unknown', 'empty'))
);
--> statement-breakpoint
CREATE TABLE "digest_runs" (
	"cadence" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_runs_cadence_period_start_pk" PRIMARY KEY("cadence","period_start"),
	CONSTRAINT "digest_runs_cadence_check" CHECK ("digest_runs"."cadence" IN ('daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_snapshots" (
	"saved_search_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"listing_ids" uuid[] NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_snapshots_saved_search_id_purpose_pk" PRIMARY KEY("saved_search_id","purpose"),
	CONSTRAINT "saved_search_snapshots_purpose_check" CHECK ("saved_search_snapshots"."purpose" IN ('look', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alert_frequency" text DEFAULT 'off' NOT NULL,
	"alerts_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_looked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_digest_period" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_user_query_key" UNIQUE("user_id","query"),
	CONSTRAINT "saved_searches_alert_frequency_check" CHECK ("saved_searches"."alert_frequency" IN ('off', 'daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_outbox_email_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_email_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_snapshots" ADD CONSTRAINT "saved_search_snapshots_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_deliveries_period_status_idx" ON "digest_deliveries" USING btree ("cadence","period_start","status");--> statement-breakpoint
CREATE INDEX "saved_searches_alerts_idx" ON "saved_searches" USING btree ("alert_frequency","user_id") WHERE "saved_searches"."alert_frequency" <> 'off';