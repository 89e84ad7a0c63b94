/** What the edit page says after a redirect (?notice=...): a toast with JavaScript, a banner without. */
export const NOTICES = {
  saved: "Saved.",
  unchanged: "Nothing changed, so nothing was saved.",
  archived: "Archived: the listing is hidden from the directory and its profile.",
  restored: "Restored: the listing is published again.",
} as const;
export type Notice = keyof typeof NOTICES;

export function parseNotice(value: string | null): Notice | null {
  return value && Object.hasOwn(NOTICES, value) ? (value as Notice) : null;
}

interface TrailEntry {
  action: string;
  source: string;
  timestamp: Date;
  details: Record<string, unknown>;
  actorName?: string | null;
}

interface HistoryEntry {
  action: string;
  source: string;
  at: string;
  actor: string | null;
}

/** A listing's audit entries as the history list shows them, naming what each edit changed. */
export function describeTrail(entries: TrailEntry[] | undefined): HistoryEntry[] {
  return (entries ?? []).map((e) => {
    const changed = Array.isArray(e.details.changedFields) ? (e.details.changedFields as unknown[]).map(String) : [];
    const shown = changed.length > 8 ? [...changed.slice(0, 8), `${changed.length - 8} more`] : changed;
    return {
      action: shown.length && e.action !== "archived" && e.action !== "restored" ? `${e.action} (${shown.join(", ")})` : e.action,
      source: e.source,
      at: e.timestamp.toISOString(),
      actor: e.actorName ?? null,
    };
  });
}
