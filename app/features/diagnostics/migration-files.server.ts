/** The committed migrations, read from db/migrations the way Drizzle's migrator reads them (same hash). */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { MIGRATIONS } from "~/lib/db.server.ts";
import type { CommittedMigration } from "./migrations.ts";

const Journal = z.object({ entries: z.array(z.object({ tag: z.string().regex(/^[\w-]+$/), when: z.number() })) });

export async function readCommittedMigrations(folder = MIGRATIONS): Promise<CommittedMigration[]> {
  const journal = Journal.parse(JSON.parse(await readFile(path.join(folder, "meta/_journal.json"), "utf8")));
  return Promise.all(
    journal.entries.map(async ({ tag, when }) => {
      const sql = await readFile(path.join(folder, `${tag}.sql`), "utf8");
      return { tag, when, sql, hash: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}
