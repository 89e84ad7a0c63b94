import { formatDateTime } from "~/lib/format-date.ts";
/** A record's audit trail, oldest first, as the back-office shows it. */
export interface HistoryEntry {
  action: string;
  source: string;
  at: string;
  /** The signed-in person who acted, when one did (an admin's decision), else the source says who. */
  actor?: string | null;
}

export function AuditHistory({ entries, collapsed = false }: { entries: HistoryEntry[]; collapsed?: boolean }) {
  if (entries.length === 0) return null;
  const list = (
    <ol className="mt-2 grid gap-1">
      {entries.map((h) => (
        <li key={`${h.at}-${h.action}`}>
          {formatDateTime(h.at)} · {h.action} by {h.actor ?? h.source}
        </li>
      ))}
    </ol>
  );
  return collapsed ? (
    <details className="mt-3 text-xs text-fg-muted">
      <summary className="cursor-pointer">History</summary>
      {list}
    </details>
  ) : (
    <section className="mt-10 text-sm text-fg-muted">
      <h2 className="text-lg font-semibold text-fg">History</h2>
      {list}
    </section>
  );
}

/** Audit entries as the history component takes them (dates as ISO text for the loader's JSON). */
export function toHistory(
  entries: Array<{ action: string; source: string; timestamp: Date; actorName?: string | null }> | undefined,
): HistoryEntry[] {
  return (entries ?? []).map((e) => ({ action: e.action, source: e.source, at: e.timestamp.toISOString(), actor: e.actorName ?? null }));
}
