CREATE TABLE "team_digest_opt_ins" (
	"team_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"opted_in" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_digest_opt_ins_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_follows" (
	"team_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_follows_team_id_listing_id_pk" PRIMARY KEY("team_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "team_search_digest_snapshots" (
	"saved_search_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"listing_ids" uuid[] NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_search_digest_snapshots_saved_search_id_user_id_pk" PRIMARY KEY("saved_search_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "team_digest_opt_ins" ADD CONSTRAINT "team_digest_opt_ins_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_digest_opt_ins" ADD CONSTRAINT "team_digest_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_follows" ADD CONSTRAINT "team_follows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_follows" ADD CONSTRAINT "team_follows_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_search_digest_snapshots" ADD CONSTRAINT "team_search_digest_snapshots_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_search_digest_snapshots" ADD CONSTRAINT "team_search_digest_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_digest_opt_ins_user_idx" ON "team_digest_opt_ins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "team_follows_listing_idx" ON "team_follows" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "team_search_digest_snapshots_user_idx" ON "team_search_digest_snapshots" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_team_idx" ON "saved_searches" USING btree ("team_id");