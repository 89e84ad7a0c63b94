CREATE TABLE "listing_edit_freezes" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"frozen_by" text,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_owners" (
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"via" text NOT NULL,
	"proved_by" text,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_owners_listing_id_user_id_pk" PRIMARY KEY("listing_id","user_id"),
	CONSTRAINT "listing_owners_via_check" CHECK ("listing_owners"."via" IN ('domain_email', 'operator', 'invite'))
);
--> statement-breakpoint
ALTER TABLE "listing_edit_freezes" ADD CONSTRAINT "listing_edit_freezes_frozen_by_users_id_fk" FOREIGN KEY ("frozen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_owners" ADD CONSTRAINT "listing_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_owners" ADD CONSTRAINT "listing_owners_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_owners_user_idx" ON "listing_owners" USING btree ("user_id");