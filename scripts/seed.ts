/**
 * Fills a database with demo data: `npm run db:seed -- --listings 100000 [--reset]`.
 * Uses DATABASE_URL when set, else the embedded database in PGLITE_DIR.
 */
// First: a failure anywhere below, even while the modules load, ends in one clear line (fail-clearly.ts).
import "./fail-clearly.ts";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { announceChange } from "../app/lib/change-feed.server.ts";
import { analyze, openDatabase } from "../app/lib/db.server.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { countListings, seedListings } from "../demo/seed-database.ts";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "600" },
    reset: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(`npm run db:seed -- [--listings 600] [--reset]
  Fills the database (DATABASE_URL, else the embedded one in PGLITE_DIR) with deterministic demo listings, loaded
  through COPY in one transaction (a load that fails adds nothing; --reset has emptied the tables before it).
  --listings N   how many (default 600)
  --reset        replace the listings already there (without it, a database with listings is left alone)
  How long (2 cores, measured 2026-11-25): PostgreSQL 15, 1,000,000 listings in 5 minutes (3.5 GB).
  The embedded PGlite is the limit: 100,000 listings in about a minute (420 MB), 300,000 in about 4.5 minutes
  (1.1 GB); a million would take a quarter of an hour or more in one WebAssembly process: use PostgreSQL for it.`);
  process.exit(0);
}
const count = Number(values.listings);
if (!Number.isInteger(count) || count < 0) {
  console.error("--listings must be a whole number, for example --listings 100000");
  process.exit(2);
}
const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dir: env.PGLITE_DIR });
await database.migrate();
if (values.reset) await database.rows(sql`TRUNCATE listings CASCADE`);
const existing = await countListings(database);
if (existing > 0 && !values.reset) {
  console.error(`The database already has ${existing} listings; pass --reset to replace them.`);
  process.exit(1);
}
const started = Date.now();
await seedListings(database, count, (done) => {
  if (done % 5000 === 0 || done === count) process.stdout.write(`\r${done}/${count} listings`);
});
await analyze(database);
// App servers running on this PostgreSQL drop their directories and lists now, not when their caches expire.
await announceChange(database, ["listings", "reference-lists", "tier-records", "field-rules"]);
console.log(`\nSeeded ${count} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
