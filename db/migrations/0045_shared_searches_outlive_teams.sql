ALTER TABLE "saved_searches" DROP CONSTRAINT "saved_searches_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;