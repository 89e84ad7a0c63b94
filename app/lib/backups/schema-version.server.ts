/**
 * Which migrations a database has, in the terms of this build's journal: a backup records the last one, and a
 * restore refuses a backup whose database has migrations this build does not know (a newer release's), since this
 * code would then run against a schema it was not written for.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db.server.ts";
import { MIGRATIONS } from "../db.server.ts";
import { BackupRefused, type BackupManifest } from "./backup-file.server.ts";

interface JournalEntry {
  tag: string;
  when: number;
}

function buildMigrations(folder = MIGRATIONS): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The last migration applied (drizzle records each one's journal time), named by this build's journal if it can. */
export async function schemaVersionOf(database: Database, folder = MIGRATIONS): Promise<{ tag: string; millis: number }> {
  const rows = await database
    .rows<{ millis: string | number | null }>(sql`SELECT max(created_at) AS millis FROM drizzle.__drizzle_migrations`)
    .catch((error: unknown) => {
      throw new BackupRefused("this database has no Introbase migrations: start the server on it once, or check the setting", {
        cause: error,
      });
    });
  const millis = Number(rows[0]?.millis ?? 0);
  const known = buildMigrations(folder).find((entry) => entry.when === millis);
  return { tag: known?.tag ?? `unknown migration of ${new Date(millis).toISOString()}`, millis };
}

/** Refuses a backup taken from a database with migrations this build does not have. */
export function checkRestorable(manifest: BackupManifest, folder = MIGRATIONS): void {
  const known = buildMigrations(folder);
  if (known.some((entry) => entry.when === manifest.schemaMillis)) return;
  const last = known.at(-1);
  throw new BackupRefused(
    manifest.schemaMillis > (last?.when ?? 0)
      ? `the backup's database has a newer schema (${manifest.schemaVersion}) than this version of Introbase knows (last: ${last?.tag}): restore it with the release that took it, or upgrade first`
      : `the backup's schema (${manifest.schemaVersion}) is not one of this version's migrations: restore it with the release that took it`,
  );
}
