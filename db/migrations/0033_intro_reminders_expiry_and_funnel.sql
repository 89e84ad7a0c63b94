ALTER TABLE "intro_requests" DROP CONSTRAINT "intro_requests_status_check";--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD COLUMN "introduced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD CONSTRAINT "intro_requests_status_check" CHECK ("intro_requests"."status" IN ('awaiting_sign_up', 'awaiting_verification', 'pending_review', 'rejected', 'awaiting_recipient', 'accepted', 'declined', 'expired'));