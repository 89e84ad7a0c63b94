CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"file" text,
	"bytes" bigint,
	"sha256" text,
	"schema_version" text,
	"taken_by" text NOT NULL,
	"outcome" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "backup_runs_at_idx" ON "backup_runs" USING btree ("at" DESC NULLS LAST);