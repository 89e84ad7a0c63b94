ALTER TABLE "billing_events" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "billing_events" ADD COLUMN "currency" text;