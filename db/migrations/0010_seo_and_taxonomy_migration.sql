CREATE TABLE "industry_backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"industries" jsonb NOT NULL,
	"listing_industries" jsonb NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_by" text
);
--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "migration_backup" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "industries" ADD COLUMN "pre_migration_name" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "industry_backups" ADD CONSTRAINT "industry_backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industry_backups" ADD CONSTRAINT "industry_backups_restored_by_users_id_fk" FOREIGN KEY ("restored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;