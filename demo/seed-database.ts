import { sql } from "drizzle-orm";
import type { BulkSession, Database } from "../app/lib/db.server.ts";
import * as s from "../db/schema/index.ts";
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { ReferenceIds } from "./generate-listings.ts";
import { listingCopyText, LOADED_TABLES, type Chunk, type ListingTextOptions } from "./listing-copy-text.ts";
import * as ref from "./reference-data.ts";
import { demoFieldSources } from "./provenance-facts.ts";

/** Inserts the reference lists (idempotent) and returns their ids for the listing generator. */
export async function seedReferenceData({ db }: Database): Promise<ReferenceIds> {
  const now = new Date();
  await db
    .insert(s.industries)
    .values(ref.PRIMARY_CATEGORIES.map((name) => ({ name, primaryCategory: name })))
    .onConflictDoNothing();
  await db
    .insert(s.geographies)
    .values(ref.GEOGRAPHIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const geos = await db.select({ id: s.geographies.id, name: s.geographies.name }).from(s.geographies);
  const geoId = new Map(geos.map((g) => [g.name, g.id]));
  await db
    .insert(s.countries)
    .values(
      ref.COUNTRIES.map(([name, isoCode, geo]) => ({
        name,
        isoCode,
        emoji: ref.flagEmoji(isoCode),
        geographyId: geoId.get(geo)!,
        dataSource: "demo",
        lastUpdated: now,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(s.fundingStages)
    .values(ref.FUNDING_STAGES.map((name, i) => ({ name, sortOrder: i, dataSource: "demo" })))
    .onConflictDoNothing();
  await db
    .insert(s.targetPersonas)
    .values(ref.TARGET_PERSONAS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(s.businessModels)
    .values(ref.BUSINESS_MODELS.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(s.revenueRanges)
    .values(ref.REVENUE_RANGES.map(([code, name], i) => ({ code, name, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(s.visibilityLevels)
    .values(ref.VISIBILITY_LEVELS.map((v) => ({ ...v })))
    .onConflictDoNothing();
  await db
    .insert(s.fieldVisibilityRules)
    .values(ref.FIELD_VISIBILITY_RULES.map(([fieldName, accessLevel]) => ({ fieldName, accessLevel })))
    .onConflictDoNothing();

  return {
    industries: await db.select({ id: s.industries.id, name: s.industries.name }).from(s.industries).orderBy(s.industries.id),
    geographies: geos,
    countries: (
      await db
        .select({ id: s.countries.id, name: s.countries.name, geographyId: s.countries.geographyId })
        .from(s.countries)
        .orderBy(s.countries.id)
    ).map((c) => ({ ...c, geographyId: c.geographyId! })),
    fundingStages: await db
      .select({ id: s.fundingStages.id, name: s.fundingStages.name })
      .from(s.fundingStages)
      .orderBy(s.fundingStages.sortOrder),
    personas: await db.select({ id: s.targetPersonas.id, name: s.targetPersonas.name }).from(s.targetPersonas).orderBy(s.targetPersonas.id),
    businessModels: await db
      .select({ id: s.businessModels.id, code: s.businessModels.code })
      .from(s.businessModels)
      .orderBy(s.businessModels.id),
    revenueRanges: await db
      .select({ id: s.revenueRanges.id, code: s.revenueRanges.code })
      .from(s.revenueRanges)
      .orderBy(s.revenueRanges.sortOrder),
  };
}

/** From this many listings on, the generator runs in a worker thread, and the loaded tables' checks are rebuilt. */
const BULK_FROM = 10_000;

export interface SeedOptions {
  /** Drop the loaded tables' foreign keys and non-unique indexes, and make them again after the load. */
  rebuildIndexes?: boolean;
  /** Write the rows in a worker thread while the main thread loads them. */
  worker?: boolean;
  /** Listings per COPY chunk (listing-copy-text.ts); tests make a small load take several chunks. */
  chunkSize?: number;
}

/**
 * Fills the database with `count` demo listings and everything they link to, in one transaction through COPY
 * (decision 0057). A failure leaves the database as it was, dropped indexes included.
 */
export async function seedListings(
  database: Database,
  count: number,
  onProgress?: (done: number) => void,
  options: SeedOptions = {},
): Promise<void> {
  const refs = await seedReferenceData(database);
  await database.bulkLoad(async (session) => {
    // No one else adds rounds until this commits, so the round ids can be taken from the sequence as one block.
    await session.query("LOCK TABLE funding_rounds IN SHARE ROW EXCLUSIVE MODE");
    const bulk = options.rebuildIndexes ?? count >= BULK_FROM;
    const rebuilt = bulk ? await dropChecksAndIndexes(session) : [];
    // The description words (decision 0060) in one statement after the load, not by the trigger row by row.
    if (bulk) await session.query(`ALTER TABLE listings DISABLE TRIGGER ${DESCRIPTION_TRIGGER}`);
    // Nor the directory's change log (decision 0095) a row per listing: one row saying "everything" after the load.
    if (bulk) for (const [table, trigger] of CHANGE_TRIGGERS) await session.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    const [first] = await session.query<{ id: number }>("SELECT nextval(pg_get_serial_sequence('funding_rounds', 'id'))::int AS id");
    const textOptions: ListingTextOptions = { count, refs, firstRoundId: first!.id, chunkSize: options.chunkSize };
    const chunks = (options.worker ?? count >= BULK_FROM) && existsSync(WORKER) ? inWorker(textOptions) : inThread(textOptions);
    let reported = 0;
    let next = await chunks.next();
    try {
      for (; !next.done; next = await chunks.next()) {
        for (const batch of next.value.batches) await session.copyFrom(batch.table, batch.columns, batch.text);
        // The relationships' chunks come after the last listing's: one report of the total, not one per chunk.
        if (next.value.done > reported) onProgress?.((reported = next.value.done));
      }
    } finally {
      // On a failed COPY too: stops the worker, which would otherwise keep the process alive.
      if (!next.done) await chunks.return({ nextRoundId: 0 });
    }
    const { nextRoundId } = next.value;
    if (nextRoundId > first!.id) await session.query(`SELECT setval(pg_get_serial_sequence('funding_rounds', 'id'), ${nextRoundId - 1})`);
    if (bulk) {
      await session.query(`INSERT INTO listing_description_terms (listing_id, terms)
        SELECT id, strip(ts_filter(search_vector, '{c}')) FROM listings WHERE processing_status = 'published'
        ON CONFLICT (listing_id) DO NOTHING`);
      await session.query(`ALTER TABLE listings ENABLE TRIGGER ${DESCRIPTION_TRIGGER}`);
      await session.query("INSERT INTO listing_changes (listing_id) VALUES (NULL)");
      for (const [table, trigger] of CHANGE_TRIGGERS) await session.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
    }
    // More sort memory than the server's default keeps the GIN builds off disk (PGlite keeps its small default).
    if (rebuilt.length && database.kind === "postgres") await session.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const statement of rebuilt) await session.query(statement);
  });
  // Provenance for a demo-sized directory only: a benchmark's million listings would carry a million JSON rows for a
  // line of text nobody benchmarks (decision 0068).
  if (count < BULK_FROM) await seedFieldSources(database);
}

/** Demo provenance for every listing that has none yet (provenance-facts.ts). */
async function seedFieldSources(database: Database): Promise<void> {
  const rows = await database.rows<Record<string, unknown> & { id: string; name: string; featured: boolean }>(sql`
    SELECT l.id, l.name, l.featured, to_jsonb(l.*) - 'search_vector' AS columns,
      EXISTS (SELECT 1 FROM team_members t WHERE t.listing_id = l.id) AS team,
      EXISTS (SELECT 1 FROM faqs f WHERE f.listing_id = l.id) AS faqs,
      EXISTS (SELECT 1 FROM key_use_cases k WHERE k.listing_id = l.id) AS key_use_cases,
      EXISTS (SELECT 1 FROM how_it_works_steps h WHERE h.listing_id = l.id) AS how_it_works,
      EXISTS (SELECT 1 FROM funding_rounds r WHERE r.listing_id = l.id) AS funding_rounds
    FROM listings l
    WHERE NOT EXISTS (SELECT 1 FROM listing_field_sources s WHERE s.listing_id = l.id)`);
  const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const values = rows.map((row) => {
    const columns = Object.fromEntries(Object.entries(row.columns as Record<string, unknown>).map(([k, v]) => [camel(k), v]));
    const lists = {
      team: row.team,
      faqs: row.faqs,
      keyUseCases: row.key_use_cases,
      howItWorks: row.how_it_works,
      fundingRounds: row.funding_rounds,
    };
    const present = Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, v ? [true] : []]));
    return { listingId: row.id, fields: demoFieldSources({ name: row.name, featured: row.featured, values: { ...columns, ...present } }) };
  });
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500).filter((v) => Object.keys(v.fields).length);
    if (chunk.length) await database.db.insert(s.listingFieldSources).values(chunk).onConflictDoNothing();
  }
}

/** Keeps listing_description_terms in step with listings (migration 0018). */
const DESCRIPTION_TRIGGER = "listing_description_terms_sync";
/** The change log's triggers a load fires (migration listing_change_log): rows of listings and relationships are added. */
const CHANGE_TRIGGERS = [
  ["listings", "listing_changes_insert"],
  ["investor_relationships", "listing_changes_relationships_insert"],
] as const;

/** Absent from a production build, which bundles this module (a server seeding on first start): there, one thread. */
const WORKER = new URL("./listing-copy-worker.ts", import.meta.url);

type Chunks = AsyncGenerator<Chunk, { nextRoundId: number }>;

async function* inThread(options: ListingTextOptions): Chunks {
  return yield* listingCopyText(options);
}

/** The chunks from a worker thread, one ahead: it writes the next while this one loads. */
async function* inWorker(options: ListingTextOptions): Chunks {
  const worker = new Worker(WORKER, { workerData: options });
  const ask = () =>
    new Promise<IteratorResult<Chunk, { nextRoundId: number }>>((resolve, reject) => {
      const settle = () => worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      const onMessage = (reply: IteratorResult<Chunk, { nextRoundId: number }>) => (settle(), resolve(reply));
      const onError = (error: Error) => (settle(), reject(error));
      const onExit = (code: number) => (settle(), reject(new Error(`the listing generator stopped (exit code ${code})`)));
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage("next");
    });
  try {
    let reply = await ask();
    while (!reply.done) {
      const following = ask();
      // Awaited on the next round; a failure while this chunk loads must not count as unhandled meanwhile.
      following.catch(() => {});
      yield reply.value;
      reply = await following;
    }
    return reply.value;
  } finally {
    await worker.terminate();
  }
}

/**
 * Drops the loaded tables' (and the description words') foreign keys and non-unique indexes, and returns the statements
 * that make them again: each
 * index built in one pass, each key checked in one join, instead of row by row. Unique indexes stay: they check the
 * rows as they come.
 */
async function dropChecksAndIndexes(session: BulkSession): Promise<string[]> {
  const tables = `'{${[...LOADED_TABLES.map((t) => t.table), "listing_description_terms"].join(",")}}'::regclass[]`;
  const keys = await session.query<{ table: string; name: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(${tables}) ORDER BY conrelid, conname`,
  );
  const indexes = await session.query<{ name: string; definition: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE i.indrelid = ANY(${tables}) AND NOT i.indisunique ORDER BY c.relname`,
  );
  for (const key of keys) await session.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  if (indexes.length) await session.query(`DROP INDEX ${indexes.map((x) => x.name).join(", ")}`);
  return [
    ...indexes.map((x) => x.definition),
    ...keys.map((key) => `ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`),
  ];
}

export async function countListings(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`);
  return row?.n ?? 0;
}
