/**
 * The audit view's URL filters (?operation=merge_operation&action=merged&limit=1000). Bad or unknown values are
 * ignored rather than refused: a stale bookmark still opens the log, just unfiltered.
 */
import type { AuditOperation } from "~/features/audit/audit-log.server.ts";

/** Spec 02 §9: the recent view shows 100 entries; 1000 is the spec's in-memory cap and the most a view asks for. */
export const AUDIT_LIMITS = [100, 1000] as const;
export type AuditLimit = (typeof AUDIT_LIMITS)[number];

/** The operations writers use today; any other one seen in the last 24 hours is offered too. */
export const KNOWN_OPERATIONS = [
  "duplicate_check",
  "merge_operation",
  "manual_review",
  "cleanup_batch",
  "intro_request",
  "feature_application",
  "listing_edit",
  "reference_edit",
  "tier_edit",
  "industries_migration",
  "member_account",
] as const satisfies readonly AuditOperation[];

/** Spec 02 §3's actions, then the product's own (undo, the application and introduction decisions). */
export const KNOWN_ACTIONS = [
  "created",
  "merged",
  "skipped",
  "flagged_for_review",
  "ignored",
  "undone",
  "edited",
  "approved",
  "rejected",
  "signed_up",
  "accepted",
  "declined",
  "migrated",
  "restored",
  "plan_granted",
  "grant_revoked",
  "refunded",
  "disabled",
  "enabled",
] as const;

export interface AuditFilterValues {
  operation: string | null;
  action: string | null;
  limit: AuditLimit;
}

/** Codes are lower-case words joined by underscores; anything else cannot be a stored operation or action. */
const CODE = /^[a-z][a-z0-9_]{0,49}$/;

export function parseAuditFilter(search: URLSearchParams): AuditFilterValues {
  const code = (name: string) => {
    const value = search.get(name)?.trim() ?? "";
    return CODE.test(value) ? value : null;
  };
  const limit = Number(search.get("limit"));
  return { operation: code("operation"), action: code("action"), limit: limit === 1000 ? 1000 : 100 };
}

/** The choices of a filter: the known codes, then others seen lately or in the URL, without repeats. */
export function filterOptions(known: readonly string[], ...more: Array<Iterable<string | null>>): string[] {
  const seen = new Set<string>(known);
  for (const list of more) for (const value of list) if (value) seen.add(value);
  return [...known, ...[...seen].filter((v) => !known.includes(v)).sort()];
}

/** The address of the view with some filters changed; defaults are left out so links stay short. */
export function auditHref(current: AuditFilterValues, change: Partial<AuditFilterValues>): string {
  const next = { ...current, ...change };
  const params = new URLSearchParams();
  if (next.operation) params.set("operation", next.operation);
  if (next.action) params.set("action", next.action);
  if (next.limit !== 100) params.set("limit", String(next.limit));
  const query = params.toString();
  return query ? `/admin/audit-log?${query}` : "/admin/audit-log";
}
