CREATE TABLE "intro_preferences" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"tiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"listing_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"industry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"stage_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"allow_unknown" boolean DEFAULT true NOT NULL,
	"monthly_cap" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intro_preferences_cap_check" CHECK ("intro_preferences"."monthly_cap" IS NULL OR "intro_preferences"."monthly_cap" BETWEEN 1 AND 1000)
);
--> statement-breakpoint
ALTER TABLE "intro_requests" DROP CONSTRAINT "intro_requests_status_check";--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "delivered_to_owners" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "accept_note" text;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "owner_question" text;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "question_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "requester_answer" text;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "requester_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intro_preferences" ADD CONSTRAINT "intro_preferences_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD CONSTRAINT "intro_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intro_requests_listing_idx" ON "intro_requests" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "intro_requests" ADD CONSTRAINT "intro_requests_status_check" CHECK ("intro_requests"."status" IN ('awaiting_sign_up', 'awaiting_verification', 'pending_review', 'rejected', 'awaiting_recipient', 'awaiting_requester', 'accepted', 'declined', 'expired'));