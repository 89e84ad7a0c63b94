-- Issue 30 §2 (decision 0077): members leave with their data. account_erasures holds an account being deleted until
-- the erasure job has removed it everywhere; a subscription change is an accounting record that outlives its member
-- without them (user_id set null), and records the end of a plan when its member deletes the account ('ended').
CREATE TABLE "account_erasures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"names" text[] NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "account_erasures_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "subscription_changes" DROP CONSTRAINT "subscription_changes_status_check";--> statement-breakpoint
ALTER TABLE "subscription_changes" DROP CONSTRAINT "subscription_changes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "subscription_changes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "account_erasures_requested_idx" ON "account_erasures" USING btree ("requested_at");--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_changes_user_idx" ON "subscription_changes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_status_check" CHECK ("subscription_changes"."status" IN ('granted', 'requested', 'ended'));