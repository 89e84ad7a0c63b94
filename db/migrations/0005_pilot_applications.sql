CREATE TABLE "pilot_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" text NOT NULL,
	"website" text NOT NULL,
	"stage" text NOT NULL,
	"goals" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "pilot_applications_status_check" CHECK ("pilot_applications"."status" IN ('new', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "pilot_applications" ADD CONSTRAINT "pilot_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pilot_applications_created_idx" ON "pilot_applications" USING btree ("created_at" DESC NULLS LAST);