ALTER TABLE "feature_applications" ADD COLUMN "hq_country_id" integer;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "founded_year" smallint;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "team_size" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "total_funding_raised" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "latest_round_type" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "latest_round_date" date;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_hq_country_id_countries_id_fk" FOREIGN KEY ("hq_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_team_size_check" CHECK ("feature_applications"."team_size" IN ('1-10', '11-50', '51-200', '201-1000', '1000+'));