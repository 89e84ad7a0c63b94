/**
 * A listing as the editor sees it (its row and its child lists), turned into form values, and compared with a
 * new version to name what changed for the audit log.
 */
import type { listings } from "#db/schema/listings.ts";
import { toGatedField } from "../access/field-name.ts";
import { ACCESS_LEVELS } from "../access/tiers.ts";
import { type GATED_FIELDS, LIST_FIELDS, SCALAR_FIELDS, type ListField, type ScalarField } from "./form-fields.ts";
import { emptyFormValues, type ListingFormValues } from "./form-values.ts";
import type { FaqRow, ListingColumns, RoundRow, TeamRow, UseCaseRow } from "./listing-form.ts";

export type ListingRow = Omit<typeof listings.$inferSelect, "searchVector">;

/** Everything the editor edits, in the same shape before and after a save. */
export interface ListingContent<Columns = ListingColumns & { slug: string }> {
  columns: Columns;
  team: TeamRow[];
  faqs: FaqRow[];
  keyUseCases: UseCaseRow[];
  howItWorks: string[];
  fundingRounds: RoundRow[];
}

export interface EditableListing extends ListingContent<ListingRow> {
  /** The listing this one was merged into (processing status "merged"), if any. */
  survivor: { id: string; name: string } | null;
}

/** The stored per-field levels as the form's selects show them; names not of a gated field are left out. */
export function storedFieldVisibility(raw: unknown): Partial<Record<(typeof GATED_FIELDS)[number], string>> {
  const result: Partial<Record<(typeof GATED_FIELDS)[number], string>> = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return result;
  for (const [name, level] of Object.entries(raw)) {
    const field = toGatedField(name);
    const value = typeof level === "string" ? level.trim().toLowerCase() : "";
    if (field && (ACCESS_LEVELS as readonly string[]).includes(value)) result[field] = value;
  }
  return result;
}

const asText = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : "";
  return String(value);
};

/** The stored listing as the form's initial values. */
export function toFormValues({ columns, team, faqs, keyUseCases, howItWorks, fundingRounds }: EditableListing): ListingFormValues {
  const values = emptyFormValues();
  const row = columns as unknown as Record<string, unknown>;
  for (const field of SCALAR_FIELDS) values.fields[field] = asText(row[field]);
  values.fields.version = columns.updatedAt.toISOString();
  for (const field of LIST_FIELDS) values.lists[field] = (columns[field] ?? []).map(String);
  values.fieldVisibility = storedFieldVisibility(columns.fieldVisibility);
  const strings = <T extends object>(items: T[]) =>
    items.map((item) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, asText(v)])));
  values.rows = {
    team: strings(team),
    faqs: strings(faqs),
    keyUseCases: strings(keyUseCases),
    howItWorks: howItWorks.map((text) => ({ text })),
    fundingRounds: strings(fundingRounds),
  };
  return values;
}

/** The columns compared for changes: every editable one (the slug among them). */
const COMPARED = [...SCALAR_FIELDS.filter((f) => f !== "version"), ...LIST_FIELDS, "fieldVisibility"] as Array<
  Exclude<ScalarField, "version"> | ListField | "fieldVisibility"
>;

/** A value in a form that compares equal when it means the same: blanks alike, id lists as sets, maps by key. */
function comparable(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "" || value === false) return "";
  if (Array.isArray(value)) return JSON.stringify([...value].sort());
  if (field === "fieldVisibility") return JSON.stringify(Object.entries(storedFieldVisibility(value)).sort());
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A child list compared on its content (a round's database id is not content). */
function sameRows(a: readonly object[], b: readonly object[]): boolean {
  const content = (rows: readonly object[]) =>
    JSON.stringify(
      rows.map((row) =>
        Object.entries(row)
          .filter(([k]) => k !== "id")
          .map(([k, v]) => [k, comparable(k, v)])
          .sort(),
      ),
    );
  return content(a) === content(b);
}

export const CHILD_SECTIONS = ["team", "faqs", "keyUseCases", "howItWorks", "fundingRounds"] as const;
export type ChildSection = (typeof CHILD_SECTIONS)[number];

/**
 * The names of the columns and child lists that differ, in form order. Against no previous version (a new
 * listing) every column with a value and every non-empty list counts as changed.
 */
export function changedFields(before: ListingContent<Record<string, unknown>> | null, after: ListingContent): string[] {
  const afterColumns = after.columns as unknown as Record<string, unknown>;
  const columns = COMPARED.filter((field) => {
    const next = comparable(field, afterColumns[field]);
    return before ? comparable(field, before.columns[field]) !== next : next !== "" && next !== "[]";
  });
  const sections = CHILD_SECTIONS.filter((section) =>
    before ? !sameRows(toObjects(before[section]), toObjects(after[section])) : after[section].length > 0,
  );
  return [...columns, ...sections];
}

/**
 * Whether two values of one editor field (a column, or a child list as a whole) mean the same, as a save compares
 * them: an owner's proposal compares the value it was made against with the one stored now (decision 0115).
 */
export function sameFieldValue(field: string, a: unknown, b: unknown): boolean {
  if ((CHILD_SECTIONS as readonly string[]).includes(field))
    return sameRows(toObjects((a ?? []) as Array<object | string>), toObjects((b ?? []) as Array<object | string>));
  return comparable(field, a) === comparable(field, b);
}

const toObjects = (rows: ReadonlyArray<object | string>): object[] => rows.map((row) => (typeof row === "string" ? { text: row } : row));

/** A funding round as an audit entry records it: what a follower's digest may tell (issue 18 §3). */
export interface RecordedRound {
  roundType: string;
  amount: number | null;
  currency: string;
  fundingDate: string | null;
}

/**
 * What a save did to the team and the rounds, beyond "changed": people added and gone (by name) and the rounds that
 * are new (by type, amount, currency and date), counted as multisets so two people of one name count twice. The
 * audit entry keeps this so the follows digest can say "Team: 2 people added" or "New funding round: Series A".
 */
export function listChanges(
  before: { team: ReadonlyArray<{ name: string }>; fundingRounds: ReadonlyArray<RecordedRound> },
  after: { team: ReadonlyArray<{ name: string }>; fundingRounds: ReadonlyArray<RecordedRound> },
): { teamAdded: number; teamRemoved: number; newRounds: RecordedRound[] } {
  const person = (p: { name: string }) => p.name.trim().toLowerCase();
  const round = (r: RecordedRound) => JSON.stringify([r.roundType, r.amount === null ? null : Number(r.amount), r.currency, r.fundingDate]);
  const missingFrom = <T>(rows: readonly T[], from: readonly T[], key: (row: T) => string): T[] => {
    const left = new Map<string, number>();
    for (const row of from) left.set(key(row), (left.get(key(row)) ?? 0) + 1);
    return rows.filter((row) => {
      const n = left.get(key(row)) ?? 0;
      if (n > 0) left.set(key(row), n - 1);
      return n === 0;
    });
  };
  return {
    teamAdded: missingFrom(after.team, before.team, person).length,
    teamRemoved: missingFrom(before.team, after.team, person).length,
    newRounds: missingFrom(after.fundingRounds, before.fundingRounds, round).map(({ roundType, amount, currency, fundingDate }) => ({
      roundType,
      amount: amount === null ? null : Number(amount),
      currency,
      fundingDate,
    })),
  };
}
