CREATE TABLE "feature_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"website_url" text NOT NULL,
	"linkedin_url" text,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"industry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"geography_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"country_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"funding_stage_id" integer,
	"business_model_id" integer,
	"problem" text,
	"solution" text,
	"timing" text,
	"how_it_works" text[] DEFAULT '{}'::text[] NOT NULL,
	"team" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_file_id" uuid,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"decision_note" text,
	"featured" boolean DEFAULT false NOT NULL,
	"listing_id" uuid,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_applications_status_check" CHECK ("feature_applications"."status" IN ('new', 'approved', 'rejected')),
	CONSTRAINT "feature_applications_type_check" CHECK ("feature_applications"."type" IN ('startup', 'partner'))
);
--> statement-breakpoint
CREATE TABLE "intro_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_type" text,
	"requester_id" text,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"requester_phone" text,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"decision_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"recipient_email" text,
	"responded_at" timestamp with time zone,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intro_requests_status_check" CHECK ("intro_requests"."status" IN ('awaiting_sign_up', 'pending_review', 'rejected', 'awaiting_recipient', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"operation" text NOT NULL,
	"source" text NOT NULL,
	"company_name" text,
	"record_id" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" text
);
--> statement-breakpoint
CREATE TABLE "used_proofs" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_funding_stage_id_funding_stages_id_fk" FOREIGN KEY ("funding_stage_id") REFERENCES "public"."funding_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_business_model_id_business_models_id_fk" FOREIGN KEY ("business_model_id") REFERENCES "public"."business_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_applications" ADD CONSTRAINT "feature_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD CONSTRAINT "intro_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD CONSTRAINT "intro_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intro_requests" ADD CONSTRAINT "intro_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feature_applications_status_idx" ON "feature_applications" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intro_requests_status_idx" ON "intro_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intro_requests_requester_idx" ON "intro_requests" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_timestamp_idx" ON "audit_log" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "used_proofs_expires_idx" ON "used_proofs" USING btree ("expires_at");