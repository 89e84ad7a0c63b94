/**
 * The benchmark databases: one per engine, filled once with the deterministic demo generator and reused by
 * later runs (the COPY seed takes about a minute at 100k on PGlite, about 4 minutes at 1M on PostgreSQL). Imports
 * application code: run through tsx.
 */
import { sql } from "drizzle-orm";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { analyze, openDatabase, type Database } from "~/lib/db.server.ts";
import { countListings, seedListings } from "#demo/seed-database.ts";

export type Engine = "pglite" | "postgres";

export interface DatasetInfo {
  engine: Engine;
  listings: number;
  /** Seconds spent seeding in this run; null when an already-seeded database was reused. */
  seededSeconds: number | null;
  sizeBytes: number | null;
  serverVersion: string;
  location: string;
}

export interface PrepareOptions {
  engine: Engine;
  url?: string;
  dir?: string;
  listings: number;
  /** May a database holding some other number of listings be emptied and re-seeded? */
  allowReset: boolean;
  log: (line: string) => void;
}

export async function prepareDatabase(options: PrepareOptions): Promise<{ database: Database; info: DatasetInfo }> {
  const { engine, listings, log } = options;
  const database = await openDatabase(engine === "postgres" ? { url: options.url } : { dir: options.dir });
  try {
    await database.migrate();
    let existing = await countListings(database);
    let seededSeconds: number | null = null;
    if (existing !== listings) {
      if (existing > 0) {
        if (!options.allowReset) {
          throw new Error(
            `The ${engine} benchmark database holds ${existing} listings, not ${listings}. Pass --reset to empty and re-seed it.`,
          );
        }
        log(`${engine}: ${existing} listings found, emptying to re-seed ${listings}`);
        await database.rows(sql`TRUNCATE listings CASCADE`);
      }
      log(`${engine}: seeding ${listings} listings through COPY (about a minute at 100k on PGlite, 4 at 1M on PostgreSQL)`);
      const started = performance.now();
      let lastPrint = 0;
      await seedListings(database, listings, (done) => {
        if (done - lastPrint >= 10_000 || done === listings) {
          lastPrint = done;
          log(`${engine}: ${done}/${listings} listings, ${((performance.now() - started) / 1000).toFixed(0)} s`);
        }
      });
      log(`${engine}: VACUUM (ANALYZE)`);
      await analyze(database);
      seededSeconds = (performance.now() - started) / 1000;
      existing = await countListings(database);
      log(`${engine}: seeded ${existing} listings in ${seededSeconds.toFixed(1)} s`);
    } else {
      // A run stopped between seeding and VACUUM would leave the planner blind: analyze when never analyzed.
      // pg_statistic survives restarts (PGlite forgets pg_stat_user_tables' timestamps when closed).
      const [stats] = await database.rows<{ analyzed: boolean }>(
        sql`SELECT count(*) > 0 AS analyzed FROM pg_stats WHERE tablename = 'listings'`,
      );
      if (!stats?.analyzed) {
        log(`${engine}: reusing ${existing} listings; no statistics found, running VACUUM (ANALYZE)`);
        await analyze(database);
      } else {
        log(`${engine}: reusing ${existing} seeded listings`);
      }
    }
    const [version] = await database.rows<{ v: string }>(sql`SELECT current_setting('server_version') AS v`);
    let sizeBytes: number | null = null;
    if (engine === "postgres") {
      const [size] = await database.rows<{ n: string }>(sql`SELECT pg_database_size(current_database())::text AS n`);
      sizeBytes = size ? Number(size.n) : null;
    } else if (options.dir) {
      sizeBytes = directorySize(options.dir);
    }
    const location = engine === "postgres" ? redactUrl(options.url ?? "") : (options.dir ?? "");
    return { database, info: { engine, listings: existing, seededSeconds, sizeBytes, serverVersion: version?.v ?? "?", location } };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/** Connection strings go into result files: never with a password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}
