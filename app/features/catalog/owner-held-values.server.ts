/**
 * An import or a merge never silently overwrites a value the company submitted (issue 36, decision 0115): where one of
 * them would change a field whose provenance is the owner's submission, the listing keeps the owner's value and the
 * incoming one goes to the operators' review queue as a proposal (origin "import" or "merge"). Runs in the write's
 * transaction, on the row it has locked, before the write.
 */
import { listingChangeProposals } from "#db/schema/owner-changes.ts";
import type { ChangeOrigin, ProposedFieldChange } from "#db/values/owner-changes.ts";
import type { Db } from "~/lib/db.server.ts";
import { getFieldSources } from "./field-provenance.server.ts";

/** Blank alike, lists as sets, dates as instants: whether the incoming value would change the stored one. */
function normalised(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.length ? JSON.stringify(value.map((v) => normalised(v)).sort()) : "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Takes the fields of `update` the company submitted (and that it would change) out of it, and queues them for
 * review. Returns the names held (empty: nothing was). `stored` is the listing's current value of each field.
 */
export async function holdOwnerValues(
  tx: Pick<Db, "select" | "insert">,
  {
    listingId,
    update,
    stored,
    origin,
    note,
    at,
  }: {
    listingId: string;
    update: Record<string, unknown>;
    stored: Readonly<Record<string, unknown>>;
    origin: Exclude<ChangeOrigin, "owner">;
    note: string;
    at: Date;
  },
): Promise<string[]> {
  const sources = (await getFieldSources(tx, [listingId])).get(listingId) ?? {};
  const changes: ProposedFieldChange[] = [];
  for (const [field, incoming] of Object.entries(update)) {
    if (sources[field]?.source !== "owner_submission") continue;
    if (normalised(incoming) !== normalised(stored[field])) changes.push({ field, before: stored[field] ?? null, after: incoming ?? null });
    // Equal or not, the owner's value stays as it is (and keeps its record).
    delete update[field];
  }
  if (!changes.length) return [];
  await tx.insert(listingChangeProposals).values({ listingId, origin, changes, status: "pending", note, createdAt: at });
  return changes.map((c) => c.field);
}
