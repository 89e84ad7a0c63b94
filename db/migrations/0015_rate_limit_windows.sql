CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_windows_count_check" CHECK ("rate_limit_windows"."count" >= 1)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_resets_at_idx" ON "rate_limit_windows" USING btree ("resets_at");