/**
 * The reference tables of a spreadsheet base written into ours (issue 7 §7): matched by name (or key, code, ISO code),
 * an existing row is kept as it is and reused, a missing one is added. Our back-office is where operators edit these
 * lists (DESIGN D4), so an import never rewrites a row they may have tuned: a tier's quota, a rule's level.
 * Returns our id of every name, for the company mapping's resolved links.
 */
import { sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { LEGACY_TIERS } from "~/features/access/tier-definitions.ts";
import { toGatedField } from "~/features/access/field-name.ts";
import { announceChange, type ChangeTopic } from "~/lib/change-feed.server.ts";
import { execRows, type Database } from "~/lib/db.server.ts";
import type { ReferenceTable } from "./map-spreadsheet-record.ts";
import type { BaseRead } from "./read-base.server.ts";
import type { ReferenceItem } from "./map-spreadsheet-reference.ts";
import { inBatches, newCounters, type UpsertLog } from "./upsert-support.server.ts";

/** Our id of each reference name, by table; names are compared without case or surrounding space. */
export type ReferenceIds = Record<ReferenceTable, Map<string, number>>;

export const nameKey = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

interface TableSpec {
  /** Our rows as [id, every name they answer to]. */
  load: string;
  insert: (item: ReferenceItem) => ReturnType<typeof sql> | string;
}

const snake = (name: string) =>
  nameKey(name)
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** How each table's rows are read (id and the names a base may use for them) and how a new one is added. */
const TABLES: Record<Exclude<ReferenceTable, "VisibilityLevels">, TableSpec> = {
  Industries: {
    load: "SELECT id, ARRAY[name, coalesce(industry_key, name)] AS names FROM industries",
    insert: (i) =>
      sql`INSERT INTO industries (name, primary_category, secondary_category, industry_key, description, mapping_confidence)
          VALUES (${i.name}, ${i.primaryCategory ?? null}, ${i.secondaryCategory ?? null}, ${i.industryKey ?? null}, ${i.description ?? null}, 'manual')
          RETURNING id`,
  },
  Countries: {
    load: "SELECT id, ARRAY[name, iso_code] AS names FROM countries",
    insert: (i) => {
      // Our countries need an ISO code (the directory's flag and filter use it): a base row without one is refused.
      if (!i.isoCode) return "has no ISO Code";
      return sql`INSERT INTO countries (name, iso_code, emoji, data_source) VALUES (${i.name}, ${i.isoCode}, ${i.emoji ?? null}, 'spreadsheet import') RETURNING id`;
    },
  },
  Geographies: {
    load: "SELECT id, ARRAY[name] AS names FROM geographies",
    insert: (i) => sql`INSERT INTO geographies (name) VALUES (${i.name}) RETURNING id`,
  },
  FundingStages: {
    load: "SELECT id, ARRAY[name] AS names FROM funding_stages",
    insert: (i) =>
      sql`INSERT INTO funding_stages (name, sort_order, data_source)
          VALUES (${i.name}, (SELECT coalesce(max(sort_order), 0) + 1 FROM funding_stages), 'spreadsheet import') RETURNING id`,
  },
  TargetPersonas: {
    load: "SELECT id, ARRAY[name] AS names FROM target_personas",
    insert: (i) => sql`INSERT INTO target_personas (name) VALUES (${i.name}) RETURNING id`,
  },
  // A base names these by code ("retainer_plus_success") or by label: either finds our row.
  BusinessModels: {
    load: "SELECT id, ARRAY[name, code] AS names FROM business_models",
    insert: (i) => sql`INSERT INTO business_models (code, name) VALUES (${snake(i.name)}, ${i.name}) RETURNING id`,
  },
  RevenueRanges: {
    load: "SELECT id, ARRAY[name, code] AS names FROM revenue_ranges",
    insert: (i) =>
      sql`INSERT INTO revenue_ranges (code, name, sort_order)
          VALUES (${snake(i.name)}, ${i.name}, (SELECT coalesce(max(sort_order), 0) + 1 FROM revenue_ranges)) RETURNING id`,
  },
};

async function loadIds(database: Database, query: string): Promise<Map<string, number>> {
  const rows = await database.rows<{ id: number; names: string[] }>(sql.raw(query));
  const ids = new Map<string, number>();
  for (const row of rows) for (const name of row.names) if (name) ids.set(nameKey(name), Number(row.id));
  return ids;
}

export async function upsertReferences(database: Database, read: BaseRead, log: UpsertLog): Promise<ReferenceIds> {
  const ids = {} as ReferenceIds;
  let changed = false;
  for (const [table, spec] of Object.entries(TABLES) as Array<[keyof typeof TABLES, TableSpec]>) {
    const known = await loadIds(database, spec.load);
    ids[table] = known;
    const counters = (log.tables[table] ??= newCounters(read.counters.read[table] ?? 0));
    const fresh = read.references[table].filter((item) => {
      const found = known.get(nameKey(item.name)) ?? (item.industryKey ? known.get(nameKey(item.industryKey)) : undefined);
      if (found !== undefined) {
        known.set(nameKey(item.name), found);
        counters.skipped += 1;
      }
      return found === undefined;
    });
    await inBatches(database, fresh, log, table, async (tx, item) => {
      const statement = spec.insert(item);
      if (typeof statement === "string") throw new Error(statement);
      const [row] = await execRows<{ id: number }>(tx, statement);
      known.set(nameKey(item.name), Number(row!.id));
      counters.created += 1;
      changed = true;
    });
  }
  ids.VisibilityLevels = await upsertVisibilityLevels(database, read, log);
  const rulesAdded = await upsertFieldRules(database, read, log);
  const topics: ChangeTopic[] = [];
  if (changed) topics.push("reference-lists");
  if (log.tables.VisibilityLevels!.created > 0) topics.push("tier-records");
  if (rulesAdded) topics.push("field-rules");
  if (topics.length > 0) await announceChange(database, topics);
  return ids;
}

/** The three tiers: a missing tier record is added from the base (the legacy values fill what it lacks). */
async function upsertVisibilityLevels(database: Database, read: BaseRead, log: UpsertLog): Promise<Map<string, number>> {
  const ids = await loadIds(database, "SELECT id, ARRAY[name::text, display_name] AS names FROM visibility_levels");
  const counters = (log.tables.VisibilityLevels ??= newCounters(read.counters.read.VisibilityLevels ?? 0));
  const fresh = read.visibilityLevels.filter((level) => {
    const found = ids.get(level.name);
    if (found !== undefined) counters.skipped += 1;
    return found === undefined;
  });
  await inBatches(database, fresh, log, "VisibilityLevels", async (tx, level) => {
    const legacy = LEGACY_TIERS[level.name];
    const [row] = await tx
      .insert(s.visibilityLevels)
      .values({
        ...legacy,
        name: level.name,
        displayName: level.displayName ?? legacy.displayName,
        rank: level.rank ?? legacy.rank,
        monthlyPrice: Math.round(level.monthlyPrice ?? legacy.monthlyPrice),
        // A base has no annual price: the built-in one only goes with the built-in monthly price, else none is sold.
        annualPrice: Math.round(level.monthlyPrice ?? legacy.monthlyPrice) === legacy.monthlyPrice ? legacy.annualPrice : 0,
        maxCompanyViewsPerMonth: level.maxCompanyViewsPerMonth ?? legacy.maxCompanyViewsPerMonth,
        canViewFundingData: level.canViewFundingData,
        canExportData: level.canExportData,
        aiRequestsPerMonth: level.aiRequestsPerMonth ?? legacy.aiRequestsPerMonth,
      })
      .returning({ id: s.visibilityLevels.id });
    ids.set(level.name, row!.id);
    counters.created += 1;
  });
  return ids;
}

/** Global field rules: a field that has a rule keeps it; a field without one gets the base's. */
async function upsertFieldRules(database: Database, read: BaseRead, log: UpsertLog): Promise<boolean> {
  const existing = await database.db.select({ fieldName: s.fieldVisibilityRules.fieldName }).from(s.fieldVisibilityRules);
  const ruled = new Set(existing.map((r) => toGatedField(r.fieldName)));
  const counters = (log.tables.FieldVisibility ??= newCounters(read.counters.read.FieldVisibility ?? 0));
  // A second base rule for the same field counts as kept too: the first one wins, as in the rules cache.
  const fresh = read.fieldRules.filter((rule) => {
    if (ruled.has(rule.field)) {
      counters.skipped += 1;
      return false;
    }
    ruled.add(rule.field);
    return true;
  });
  await inBatches(database, fresh, log, "FieldVisibility", async (tx, rule) => {
    await tx.insert(s.fieldVisibilityRules).values({ fieldName: rule.field, accessLevel: rule.level });
    counters.created += 1;
  });
  return counters.created > 0;
}
