/**
 * The reference lists an operator edits at /admin/reference/:list (issue 5 §1): what each list is called, which
 * fields its form has, and what uses its values. One description serves the form, the table and the server.
 */
import { ACCESS_LEVELS } from "../access/tiers.ts";
import { GATED_FIELDS } from "../catalog/listing-types.ts";
import { plural } from "~/lib/wording.ts";

export const LIST_SLUGS = [
  "industries",
  "geographies",
  "countries",
  "funding-stages",
  "target-personas",
  "business-models",
  "revenue-ranges",
  "field-rules",
] as const;
export type ListSlug = (typeof LIST_SLUGS)[number];

export function isListSlug(value: unknown): value is ListSlug {
  return (LIST_SLUGS as readonly unknown[]).includes(value);
}

export interface Option {
  value: string;
  label: string;
}

export interface FieldDefinition {
  name: string;
  label: string;
  kind: "text" | "number" | "checkbox" | "select" | "textarea";
  /** Static choices of a select; "geographies" when they come from the geographies list. */
  options?: readonly Option[] | "geographies";
  hint?: string;
  maxLength?: number;
  /** Shown as a column of the table (the form always has every field). */
  column?: boolean;
}

export interface ListDefinition {
  slug: ListSlug;
  /** The database table, as audit record ids name it (`${table}:${id}`). */
  table: string;
  title: string;
  singular: string;
  description: string;
  fields: readonly FieldDefinition[];
  /** The field that names a row in messages, conflicts and the audit log. */
  nameField: string;
  /** Read-only values derived by the server, shown as columns (the industry key). */
  derived?: ReadonlyArray<{ name: string; label: string }>;
}

const name = (maxLength = 120): FieldDefinition => ({ name: "name", label: "Name", kind: "text", maxLength, column: true });
const dataSource: FieldDefinition = { name: "dataSource", label: "Data source", kind: "text", maxLength: 120, column: true };
const sortOrder: FieldDefinition = {
  name: "sortOrder",
  label: "Sort order",
  kind: "number",
  hint: "Lower comes first in filters and forms.",
  column: true,
};
const code = (hint: string): FieldDefinition => ({ name: "code", label: "Code", kind: "text", maxLength: 60, hint, column: true });

/** An industry's mapping confidence (spec 02 §4: exact, fuzzy, fallback; and manual for an operator's own). */
export const MAPPING_CONFIDENCES = ["exact", "fuzzy", "fallback", "manual"] as const;

export const LISTS: Record<ListSlug, ListDefinition> = {
  industries: {
    slug: "industries",
    table: "industries",
    title: "Industries",
    singular: "industry",
    description: "The industry taxonomy. With a primary and a secondary category, the name and key are derived from them.",
    nameField: "name",
    fields: [
      {
        ...name(200),
        hint: "Optional when both categories are given: the name becomes 'Primary: Secondary'.",
      },
      { name: "primaryCategory", label: "Primary category", kind: "text", maxLength: 100, column: true },
      { name: "secondaryCategory", label: "Secondary category", kind: "text", maxLength: 100, column: true },
      {
        name: "mappingConfidence",
        label: "Mapping confidence",
        kind: "select",
        options: [{ value: "", label: "Not set" }, ...MAPPING_CONFIDENCES.map((c) => ({ value: c, label: c }))],
      },
      { name: "leadsOnTreesSource", label: "From the lead-data provider (LeadsOnTrees)", kind: "checkbox" },
      { name: "description", label: "Description", kind: "textarea", maxLength: 2000 },
    ],
    derived: [{ name: "industryKey", label: "Key" }],
  },
  geographies: {
    slug: "geographies",
    table: "geographies",
    title: "Geographies",
    singular: "geography",
    description: "The geography groups (markets) listings and countries belong to.",
    nameField: "name",
    fields: [name(100)],
  },
  countries: {
    slug: "countries",
    table: "countries",
    title: "Countries",
    singular: "country",
    description: "Countries with their ISO code, flag and geography group.",
    nameField: "name",
    fields: [
      name(100),
      { name: "isoCode", label: "ISO code", kind: "text", maxLength: 2, hint: "Two letters, such as DE.", column: true },
      { name: "emoji", label: "Flag", kind: "text", maxLength: 16, hint: "Left empty, the flag of the ISO code.", column: true },
      { name: "geographyId", label: "Geography", kind: "select", options: "geographies", column: true },
      dataSource,
    ],
  },
  "funding-stages": {
    slug: "funding-stages",
    table: "funding_stages",
    title: "Funding stages",
    singular: "funding stage",
    description: "Funding stages, in the order filters show them.",
    nameField: "name",
    fields: [name(100), sortOrder, dataSource],
  },
  "target-personas": {
    slug: "target-personas",
    table: "target_personas",
    title: "Target personas",
    singular: "target persona",
    description: "The buyers a startup or partner sells to.",
    nameField: "name",
    fields: [name(120)],
  },
  "business-models": {
    slug: "business-models",
    table: "business_models",
    title: "Business models",
    singular: "business model",
    description: "Partners' business models. The code is what directory addresses and the API carry.",
    nameField: "name",
    fields: [code("Lowercase letters, digits and underscores, such as success_only."), name(120)],
  },
  "revenue-ranges": {
    slug: "revenue-ranges",
    table: "revenue_ranges",
    title: "Revenue ranges",
    singular: "revenue range",
    description: "Revenue ranges: a code such as less_than_100k and the label visitors see.",
    nameField: "name",
    fields: [code("Lowercase letters, digits and underscores, such as 1m_to_5m."), name(120), sortOrder],
  },
  "field-rules": {
    slug: "field-rules",
    table: "field_visibility_rules",
    title: "Field rules",
    singular: "field rule",
    description: "The global per-field gating rules: the tier a viewer needs to see a profile field.",
    nameField: "fieldName",
    fields: [
      {
        name: "fieldName",
        label: "Field",
        kind: "select",
        options: GATED_FIELDS.map((f) => ({ value: f, label: f })),
        column: true,
      },
      {
        name: "accessLevel",
        label: "Access level",
        kind: "select",
        options: ACCESS_LEVELS.map((l) => ({ value: l, label: l })),
        column: true,
      },
    ],
  },
};

/** What can use a list's values: listings, feature applications, countries (for geographies). */
export interface UsageCount {
  listings: number;
  applications: number;
  countries: number;
}

export const NO_USAGE: UsageCount = { listings: 0, applications: 0, countries: 0 };

export function totalUsage(usage: UsageCount): number {
  return usage.listings + usage.applications + usage.countries;
}

/** Why a value cannot be deleted: "Used by 12 listings: remove it from them first."; null when nothing uses it. */
export function usageMessage(usage: UsageCount): string | null {
  const parts = [
    usage.listings ? plural(usage.listings, "listing") : null,
    usage.applications ? plural(usage.applications, "feature application") : null,
    usage.countries ? plural(usage.countries, "country") : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `Used by ${list}: remove it from them first.`;
}
