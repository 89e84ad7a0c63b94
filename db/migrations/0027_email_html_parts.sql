-- Issue 29 §11 (decision 0074): every e-mail has an HTML part beside its text part. The outbox keeps it for admins to
-- read, and a recorded digest keeps it until it is sent. Rows from before have none (null): they were text only.
ALTER TABLE "outbox_emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD COLUMN "html" text;