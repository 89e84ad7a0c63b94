CREATE TABLE "audit_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text GENERATED ALWAYS AS (CASE WHEN run_id IS NULL AND source IN ('admin', 'member', 'visitor', 'recipient', 'a deleted member') THEN 'person' ELSE 'machine' END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_runs" ADD CONSTRAINT "audit_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_runs_last_idx" ON "audit_runs" USING btree ("last_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_run_id_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_run_idx" ON "audit_log" USING btree ("run_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_single_idx" ON "audit_log" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "audit_log"."run_id" IS NULL;--> statement-breakpoint
CREATE INDEX "audit_log_single_kind_idx" ON "audit_log" USING btree ("actor_kind","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "audit_log"."run_id" IS NULL;