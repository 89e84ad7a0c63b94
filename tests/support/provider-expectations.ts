/**
 * What the lead-provider fake serves for a query, worked out from its fixtures without any HTTP: the tests compare
 * what an import wrote with this, so "nothing lost, nothing duplicated" is checked against the source, not against
 * the importer's own counters.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../app/lib/db.server.ts";
import { toImportedCompany } from "../../app/features/imports/provider/map-provider-record.ts";
import { ProviderRecord } from "../../app/features/imports/provider/provider-record.ts";
import { toSearchParams, type ProviderEndpoint, type ProviderQuery } from "../../app/features/imports/provider/provider-query.ts";
import { allRecords, filterRecords } from "../fakes/lead-provider-fixtures.ts";

export interface ServedPage {
  page: number;
  /** Every record on the page, as the fake sends it. */
  records: Record<string, unknown>[];
  /** The external ids of the companies the importer should write (named records that pass the record schema). */
  companies: Array<{ externalId: string; name: string }>;
}

/** The pages `query.page` … `query.page + query.maxJobs - 1` of an endpoint, as the fake answers them. */
export function servedPages(endpoint: ProviderEndpoint, query: ProviderQuery): ServedPage[] {
  const pages: ServedPage[] = [];
  for (let page = query.page; page < query.page + query.maxJobs; page++) {
    const params = toSearchParams({ ...query, page }, endpoint);
    const matching = filterRecords(allRecords(endpoint), params, endpoint);
    const records = matching.slice((page - 1) * query.maxResults, page * query.maxResults);
    const companies: ServedPage["companies"] = [];
    for (const record of records) {
      const parsed = ProviderRecord.safeParse(record);
      if (!parsed.success) continue;
      const mapped = toImportedCompany(parsed.data, { endpoint, now: new Date() });
      if (!("dropped" in mapped)) companies.push({ externalId: mapped.externalId, name: mapped.listing.name });
    }
    pages.push({ page, records, companies });
  }
  return pages;
}

/** The number of rows in a table. */
export async function countRows(database: Database, table: string): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return row!.n;
}

const TRACKED_TABLES = ["listings", "listing_sources", "funding_rounds", "investor_relationships", "team_members"] as const;

/** Row counts of the tables an import writes to. */
export async function countImportRows(database: Database): Promise<Record<(typeof TRACKED_TABLES)[number], number>> {
  const counts = {} as Record<(typeof TRACKED_TABLES)[number], number>;
  for (const table of TRACKED_TABLES) counts[table] = await countRows(database, table);
  return counts;
}

/**
 * How many listings carry each of these names (the fixtures' names are unique): an imported company has exactly
 * one, a lost one none, a duplicated one more.
 */
async function listingsPerName(database: Database, names: readonly string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const list = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const rows = await database.rows<{ name: string; n: number }>(
    sql`SELECT name, count(*)::int AS n FROM listings WHERE name IN (${list}) GROUP BY name`,
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

/** Asserts-friendly form: the names whose listing count is not exactly one, with that count. */
export async function namesNotImportedOnce(database: Database, names: readonly string[]): Promise<Record<string, number>> {
  const counts = await listingsPerName(database, names);
  return Object.fromEntries(names.map((name) => [name, counts.get(name) ?? 0]).filter(([, n]) => n !== 1));
}
