ALTER TABLE "listings" ADD COLUMN "hq_street" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hq_city" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hq_region" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hq_postal_code" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "hq_street" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "hq_city" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "hq_region" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "hq_postal_code" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD COLUMN "company_email" text;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hq_street_cap" CHECK (char_length("listings"."hq_street") <= 200);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hq_city_cap" CHECK (char_length("listings"."hq_city") <= 100);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hq_region_cap" CHECK (char_length("listings"."hq_region") <= 100);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hq_postal_code_cap" CHECK (char_length("listings"."hq_postal_code") <= 20);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_phone_e164" CHECK ("listings"."phone" ~ '^\+[1-9][0-9]{1,14}$');--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_contact_email_cap" CHECK (char_length("listings"."contact_email") <= 254 AND position('@' in "listings"."contact_email") > 1);