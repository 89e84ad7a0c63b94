CREATE TABLE "change_versions" (
	"topic" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
