CREATE TABLE "server_processes" (
	"process_key" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"commit" text,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"index_generation" integer,
	"last_index_build_at" timestamp with time zone,
	"last_index_build_ms" integer,
	"last_index_build_listings" integer
);
--> statement-breakpoint
CREATE INDEX "server_processes_last_seen_idx" ON "server_processes" USING btree ("last_seen_at");