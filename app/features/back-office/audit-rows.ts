/** Audit entries as the back-office views show them: plain, serialisable rows and their details in short form. */

/** An audit entry as the views receive it from a loader (dates as ISO text). */
export interface AuditRow {
  id: string;
  at: string;
  operation: string;
  source: string;
  action: string;
  companyName: string | null;
  recordId: string | null;
  recordIsListing: boolean;
  existingRecordIsListing: boolean;
  actorName: string | null;
  details: Record<string, unknown>;
}

/** A stored entry (from findAuditEntries) as a loader returns it. */
export function toAuditRow(
  entry: Omit<AuditRow, "at" | "details"> & { timestamp: Date; details: Record<string, unknown> | null },
): AuditRow {
  return {
    id: entry.id,
    at: entry.timestamp.toISOString(),
    operation: entry.operation,
    source: entry.source,
    action: entry.action,
    companyName: entry.companyName,
    recordId: entry.recordId,
    recordIsListing: entry.recordIsListing,
    existingRecordIsListing: entry.existingRecordIsListing,
    actorName: entry.actorName,
    details: entry.details ?? {},
  };
}

/** Spec 02 §3's detail keys first, in its order; anything else a writer added follows alphabetically. */
const DETAIL_ORDER = ["matchReason", "similarity", "mergedFields", "conflictsResolved", "existingRecordId"];

/** An entry's details as short label/value pairs, empty values left out. */
export function detailPairs(details: Record<string, unknown>): Array<{ key: string; value: string }> {
  const keys = Object.keys(details).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return keys.flatMap((key) => {
    const value = formatValue(details[key]);
    return value === "" ? [] : [{ key, value }];
  });
}

function rank(key: string): number {
  const i = DETAIL_ORDER.indexOf(key);
  return i === -1 ? DETAIL_ORDER.length : i;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v))).join(", ");
  return JSON.stringify(value);
}

/** A machine run as the views receive it: one row for all its entries, with their counts (decision 0093). */
export interface RunRow {
  id: string;
  kind: string;
  source: string;
  startedByName: string | null;
  startedAt: string;
  lastAt: string;
  total: number;
  counts: Array<{ operation: string; action: string; n: number }>;
}

/** A row of the grouped views: a person's (or a lone machine's) entry, or a run. */
export type ActivityRow = { type: "entry"; entry: AuditRow } | { type: "run"; run: RunRow };

export function toRunRow(run: Omit<RunRow, "startedAt" | "lastAt"> & { startedAt: Date; lastAt: Date }): RunRow {
  return {
    id: run.id,
    kind: run.kind,
    source: run.source,
    startedByName: run.startedByName,
    startedAt: run.startedAt.toISOString(),
    lastAt: run.lastAt.toISOString(),
    total: run.total,
    counts: run.counts,
  };
}

/** A row of findActivity as a loader returns it. */
export function toActivityRow(
  item: { type: "entry"; entry: Parameters<typeof toAuditRow>[0] } | { type: "run"; run: Parameters<typeof toRunRow>[0] },
): ActivityRow {
  return item.type === "run" ? { type: "run", run: toRunRow(item.run) } : { type: "entry", entry: toAuditRow(item.entry) };
}
