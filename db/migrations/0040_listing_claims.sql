CREATE TABLE "listing_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"email" text,
	"role" text,
	"evidence" text,
	"evidence_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "listing_claims_method_check" CHECK ("listing_claims"."method" IN ('domain_email', 'evidence')),
	CONSTRAINT "listing_claims_status_check" CHECK ("listing_claims"."status" IN ('pending', 'verified', 'approved', 'rejected')),
	CONSTRAINT "listing_claims_email_cap" CHECK (char_length("listing_claims"."email") <= 254),
	CONSTRAINT "listing_claims_evidence_cap" CHECK (char_length("listing_claims"."evidence") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "listing_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "listing_invites_status_check" CHECK ("listing_invites"."status" IN ('pending', 'accepted', 'withdrawn')),
	CONSTRAINT "listing_invites_email_cap" CHECK (char_length("listing_invites"."email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_claims" ADD CONSTRAINT "listing_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_invites" ADD CONSTRAINT "listing_invites_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_invites" ADD CONSTRAINT "listing_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_invites" ADD CONSTRAINT "listing_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_claims_user_idx" ON "listing_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_claims_listing_idx" ON "listing_claims" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_claims_pending_idx" ON "listing_claims" USING btree ("created_at") WHERE "listing_claims"."status" = 'pending' AND "listing_claims"."method" = 'evidence';--> statement-breakpoint
CREATE INDEX "listing_invites_listing_idx" ON "listing_invites" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_invites_invited_by_idx" ON "listing_invites" USING btree ("invited_by");