CREATE TABLE "business_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "business_models_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso_code" text NOT NULL,
	"emoji" text,
	"geography_id" integer,
	"data_source" text,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_name_unique" UNIQUE("name"),
	CONSTRAINT "countries_iso_code_unique" UNIQUE("iso_code")
);
--> statement-breakpoint
CREATE TABLE "field_visibility_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"field_name" text NOT NULL,
	"access_level" text NOT NULL,
	CONSTRAINT "field_visibility_rules_field_name_unique" UNIQUE("field_name")
);
--> statement-breakpoint
CREATE TABLE "funding_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"data_source" text,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_stages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "geographies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "geographies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"primary_category" text,
	"secondary_category" text,
	"industry_key" text,
	"leads_on_trees_source" boolean DEFAULT false NOT NULL,
	"description" text,
	"mapping_confidence" text,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "industries_name_unique" UNIQUE("name"),
	CONSTRAINT "industries_industry_key_unique" UNIQUE("industry_key")
);
--> statement-breakpoint
CREATE TABLE "revenue_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_ranges_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "target_personas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "target_personas_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "visibility_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"rank" smallint NOT NULL,
	"monthly_price" integer DEFAULT 0 NOT NULL,
	"max_company_views_per_month" integer NOT NULL,
	"can_view_funding_data" boolean DEFAULT false NOT NULL,
	"can_export_data" boolean DEFAULT false NOT NULL,
	"ai_requests_per_month" integer DEFAULT 0 NOT NULL,
	"can_access_historical_data" boolean DEFAULT false NOT NULL,
	"priority_support" boolean DEFAULT false NOT NULL,
	"api_access_allowed" boolean DEFAULT false NOT NULL,
	"outreach_content_level" text DEFAULT 'none' NOT NULL,
	"value8ai_integration_level" text DEFAULT 'none' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"tagline" text,
	"description" text,
	"website_url" text,
	"linkedin_url" text,
	"twitter_url" text,
	"facebook_url" text,
	"featured" boolean DEFAULT false NOT NULL,
	"industry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"geography_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"country_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"persona_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"funding_stage_id" integer,
	"business_model_id" integer,
	"revenue_range_id" integer,
	"problem" text,
	"solution" text,
	"timing" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"field_visibility" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_tier_id" integer,
	"team_size" text,
	"founded_year" smallint,
	"primary_contact_id" text,
	"campaign_id" text,
	"primary_contact" text,
	"primary_contact_email" text,
	"ceo" text,
	"current_employee_count" text,
	"ai_description" text,
	"content_status" text,
	"processing_status" text DEFAULT 'published' NOT NULL,
	"data_source" text,
	"lot_data_quality_score" smallint,
	"last_company_enrichment" timestamp with time zone,
	"data_last_synced" timestamp with time zone,
	"lot_company_id" text,
	"funding_date" date,
	"funding_amount" numeric(18, 2),
	"funding_currency" text,
	"amount_raised" numeric(18, 2),
	"total_funding_raised" numeric(18, 2),
	"latest_round_date" date,
	"latest_round_amount" numeric(18, 2),
	"latest_round_type" text,
	"funding_round_count" smallint,
	"investor_type" text,
	"ticket_size" text,
	"aum" numeric(18, 2),
	"stage_focus" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(tagline, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_slug_unique" UNIQUE("slug"),
	CONSTRAINT "listings_description_cap" CHECK (char_length("listings"."description") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"amount" numeric(18, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"round_type" text NOT NULL,
	"funding_date" date,
	"data_source" text,
	"lot_data_id" text,
	"announcement_url" text,
	"all_investors" text,
	"notes" text,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "how_it_works_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_relationships" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"investor_id" uuid,
	"investor_name" text NOT NULL,
	"funding_round_id" integer,
	"investment_status" text DEFAULT 'active' NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "key_use_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"photo_url" text,
	"linkedin_url" text,
	"email" text
);
--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_geography_id_geographies_id_fk" FOREIGN KEY ("geography_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_funding_stage_id_funding_stages_id_fk" FOREIGN KEY ("funding_stage_id") REFERENCES "public"."funding_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_business_model_id_business_models_id_fk" FOREIGN KEY ("business_model_id") REFERENCES "public"."business_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_revenue_range_id_revenue_ranges_id_fk" FOREIGN KEY ("revenue_range_id") REFERENCES "public"."revenue_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_current_tier_id_visibility_levels_id_fk" FOREIGN KEY ("current_tier_id") REFERENCES "public"."visibility_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_rounds" ADD CONSTRAINT "funding_rounds_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "how_it_works_steps" ADD CONSTRAINT "how_it_works_steps_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_relationships" ADD CONSTRAINT "investor_relationships_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_relationships" ADD CONSTRAINT "investor_relationships_investor_id_listings_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_relationships" ADD CONSTRAINT "investor_relationships_funding_round_id_funding_rounds_id_fk" FOREIGN KEY ("funding_round_id") REFERENCES "public"."funding_rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_use_cases" ADD CONSTRAINT "key_use_cases_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visibility_levels_name_key" ON "visibility_levels" USING btree ("name");--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listings_name_trgm_idx" ON "listings" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_industry_ids_idx" ON "listings" USING gin ("industry_ids");--> statement-breakpoint
CREATE INDEX "listings_geography_ids_idx" ON "listings" USING gin ("geography_ids");--> statement-breakpoint
CREATE INDEX "listings_country_ids_idx" ON "listings" USING gin ("country_ids");--> statement-breakpoint
CREATE INDEX "listings_persona_ids_idx" ON "listings" USING gin ("persona_ids");--> statement-breakpoint
CREATE INDEX "listings_type_order_idx" ON "listings" USING btree ("type","featured","name");--> statement-breakpoint
CREATE INDEX "listings_order_idx" ON "listings" USING btree ("featured","name");--> statement-breakpoint
CREATE INDEX "faqs_listing_idx" ON "faqs" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "funding_rounds_listing_idx" ON "funding_rounds" USING btree ("listing_id","funding_date");--> statement-breakpoint
CREATE INDEX "how_it_works_steps_listing_idx" ON "how_it_works_steps" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "investor_relationships_company_idx" ON "investor_relationships" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "investor_relationships_investor_idx" ON "investor_relationships" USING btree ("investor_id");--> statement-breakpoint
CREATE INDEX "key_use_cases_listing_idx" ON "key_use_cases" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "team_members_listing_idx" ON "team_members" USING btree ("listing_id","position");