CREATE TABLE "follow_email_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"emails" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"told_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "follow_email_settings" ADD CONSTRAINT "follow_email_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;