/**
 * Where each reference list lives: its table, its order, the columns that must be unique, and what uses its
 * values (listing id arrays and foreign keys, feature applications, countries for geographies).
 */
import { asc, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as s from "#db/schema/index.ts";
import { execRows, type Db } from "~/lib/db.server.ts";
import { NO_USAGE, type ListSlug, type UsageCount } from "./reference-lists.ts";

type Reader = Pick<Db, "execute">;

interface UsageSource {
  /** Which count of UsageCount it adds to. */
  kind: keyof UsageCount;
  table: string;
  column: string;
  /** An integer array of ids (listings.industry_ids) rather than one foreign key. */
  array: boolean;
}

export interface UniqueColumn {
  /** The parsed value's key (a column of the insert). */
  key: string;
  /** The form field the message is shown beside. */
  field: string;
  column: PgColumn;
  /** The message beside the field when another row holds the value. */
  conflict: (value: string, other: string) => string;
}

export interface ListTable {
  table: PgTable & { id: PgColumn };
  nameColumn: PgColumn;
  order: SQL[];
  unique: UniqueColumn[];
  usage: UsageSource[];
  /** The table has a last_updated column, stamped on every edit. */
  stamped: boolean;
}

const listing = (column: string, array: boolean): UsageSource => ({ kind: "listings", table: "listings", column, array });
const application = (column: string, array: boolean): UsageSource => ({
  kind: "applications",
  table: "feature_applications",
  column,
  array,
});

const named = (singular: string, column: PgColumn): UniqueColumn => ({
  key: "name",
  field: "name",
  column,
  conflict: (value) => `There is already ${/^[aeiou]/.test(singular) ? "an" : "a"} ${singular} named "${value}".`,
});

const coded = (singular: string, column: PgColumn): UniqueColumn => ({
  key: "code",
  field: "code",
  column,
  conflict: (value, other) => `Another ${singular} has the code ${value} (${other}).`,
});

export const LIST_TABLES: Record<ListSlug, ListTable> = {
  industries: {
    table: s.industries,
    nameColumn: s.industries.name,
    order: [asc(s.industries.name)],
    unique: [
      named("industry", s.industries.name),
      {
        key: "industryKey",
        field: "name",
        column: s.industries.industryKey,
        conflict: (value, other) => `The key ${value} is already used by ${other}.`,
      },
    ],
    usage: [listing("industry_ids", true), application("industry_ids", true)],
    stamped: true,
  },
  geographies: {
    table: s.geographies,
    nameColumn: s.geographies.name,
    order: [asc(s.geographies.id)],
    unique: [named("geography", s.geographies.name)],
    usage: [
      listing("geography_ids", true),
      application("geography_ids", true),
      { kind: "countries", table: "countries", column: "geography_id", array: false },
    ],
    stamped: false,
  },
  countries: {
    table: s.countries,
    nameColumn: s.countries.name,
    order: [asc(s.countries.name)],
    unique: [
      named("country", s.countries.name),
      {
        key: "isoCode",
        field: "isoCode",
        column: s.countries.isoCode,
        conflict: (value, other) => `${other} already has the ISO code ${value}.`,
      },
    ],
    usage: [listing("country_ids", true), application("country_ids", true)],
    stamped: true,
  },
  "funding-stages": {
    table: s.fundingStages,
    nameColumn: s.fundingStages.name,
    order: [asc(s.fundingStages.sortOrder), asc(s.fundingStages.name)],
    unique: [named("funding stage", s.fundingStages.name)],
    usage: [listing("funding_stage_id", false), application("funding_stage_id", false)],
    stamped: true,
  },
  "target-personas": {
    table: s.targetPersonas,
    nameColumn: s.targetPersonas.name,
    order: [asc(s.targetPersonas.name)],
    unique: [named("target persona", s.targetPersonas.name)],
    usage: [listing("persona_ids", true)],
    stamped: false,
  },
  "business-models": {
    table: s.businessModels,
    nameColumn: s.businessModels.name,
    order: [asc(s.businessModels.id)],
    unique: [coded("business model", s.businessModels.code), named("business model", s.businessModels.name)],
    usage: [listing("business_model_id", false), application("business_model_id", false)],
    stamped: false,
  },
  "revenue-ranges": {
    table: s.revenueRanges,
    nameColumn: s.revenueRanges.name,
    order: [asc(s.revenueRanges.sortOrder), asc(s.revenueRanges.id)],
    unique: [coded("revenue range", s.revenueRanges.code), named("revenue range", s.revenueRanges.name)],
    usage: [listing("revenue_range_id", false)],
    stamped: false,
  },
  "field-rules": {
    table: s.fieldVisibilityRules,
    nameColumn: s.fieldVisibilityRules.fieldName,
    order: [asc(s.fieldVisibilityRules.fieldName)],
    // Rule names are compared normalised ("Revenue Range" is revenueRange), in edit-reference.server.ts.
    unique: [],
    usage: [],
    stamped: false,
  },
};

/** How many rows use one value of a list. */
export async function usageOf(db: Reader, list: ListSlug, id: number): Promise<UsageCount> {
  const usage = { ...NO_USAGE };
  for (const source of LIST_TABLES[list].usage) {
    const column = sql.identifier(source.column);
    // @> keeps the array test on the GIN indexes the directory filters use.
    const match = source.array ? sql`${column} @> ARRAY[${id}]::integer[]` : sql`${column} = ${id}`;
    const [row] = await execRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(source.table)} WHERE ${match}`);
    usage[source.kind] += Number(row?.n ?? 0);
  }
  return usage;
}

/** How many rows use each value of a list, in one pass per source (values nothing uses are absent). */
export async function usageByValue(db: Reader, list: ListSlug): Promise<Map<number, UsageCount>> {
  const byId = new Map<number, UsageCount>();
  for (const source of LIST_TABLES[list].usage) {
    const table = sql.identifier(source.table);
    const column = sql.identifier(source.column);
    const query = source.array
      ? sql`SELECT u.id, count(*)::int AS n FROM ${table}, unnest(${column}) AS u(id) GROUP BY u.id`
      : sql`SELECT ${column} AS id, count(*)::int AS n FROM ${table} WHERE ${column} IS NOT NULL GROUP BY 1`;
    for (const row of await execRows<{ id: number; n: number }>(db, query)) {
      const usage = byId.get(Number(row.id)) ?? { ...NO_USAGE };
      usage[source.kind] += Number(row.n);
      byId.set(Number(row.id), usage);
    }
  }
  return byId;
}
