/**
 * The audit view's URL filters (?operation=merge_operation&action=merged&limit=1000&kind=people), the page's cursor
 * (before=…) and a run opened to its entries (run=…). Bad or unknown values are ignored rather than refused: a stale
 * bookmark still opens the log, just unfiltered.
 */
import { ACTOR_KINDS, type ActorKind } from "~/features/audit/actor-kinds.ts";
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
  "listing_ownership",
  "owner_change",
  "team",
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
  "granted",
  "revoked",
  "proposed",
  "published",
  "frozen",
  "unfrozen",
  "invited",
  "rules_set",
  "asked_for_more",
  "question_answered",
  "preferences_changed",
  // Teams (decision 0118); "created", "invited" and "accepted" are above.
  "renamed",
  "invitation_revoked",
  "joined",
  "role_changed",
  "removed",
  "left",
  "ownership_transferred",
  "deleted",
] as const;

export interface AuditFilterValues {
  operation: string | null;
  action: string | null;
  limit: AuditLimit;
  /** Who acted: everyone, people, or machines and jobs (decision 0093). */
  kind: ActorKind;
  /** Where the page starts: the cursor of the previous page's last row. */
  before: string | null;
  /** A run opened to its entries. */
  run: string | null;
}

/** Codes are lower-case words joined by underscores; anything else cannot be a stored operation or action. */
const CODE = /^[a-z][a-z0-9_]{0,49}$/;
/** A cursor is a time and an id (the server checks it exactly); anything else is not one. */
const CURSOR = /^[0-9T:.Z-]{20,32}_[0-9a-fA-F-]{36}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseAuditFilter(search: URLSearchParams): AuditFilterValues {
  const code = (name: string) => {
    const value = search.get(name)?.trim() ?? "";
    return CODE.test(value) ? value : null;
  };
  const limit = Number(search.get("limit"));
  const kind = ACTOR_KINDS.find((k) => k === search.get("kind")) ?? "all";
  const before = search.get("before")?.trim() ?? "";
  const run = search.get("run")?.trim() ?? "";
  return {
    operation: code("operation"),
    action: code("action"),
    limit: limit === 1000 ? 1000 : 100,
    kind,
    before: CURSOR.test(before) ? before : null,
    run: UUID.test(run) ? run.toLowerCase() : null,
  };
}

/** The choices of a filter: the known codes, then others seen lately or in the URL, without repeats. */
export function filterOptions(known: readonly string[], ...more: Array<Iterable<string | null>>): string[] {
  const seen = new Set<string>(known);
  for (const list of more) for (const value of list) if (value) seen.add(value);
  return [...known, ...[...seen].filter((v) => !known.includes(v)).sort()];
}

/**
 * The address of the view with some filters changed; defaults are left out so links stay short. A changed filter
 * starts again at the newest: the cursor is kept only when the change is the page.
 */
export function auditHref(current: AuditFilterValues, change: Partial<AuditFilterValues>): string {
  const next = { ...current, before: null, ...change };
  const params = new URLSearchParams();
  if (next.run) params.set("run", next.run);
  if (next.kind !== "all") params.set("kind", next.kind);
  if (next.operation) params.set("operation", next.operation);
  if (next.action) params.set("action", next.action);
  if (next.limit !== 100) params.set("limit", String(next.limit));
  if (next.before) params.set("before", next.before);
  const query = params.toString();
  return query ? `/admin/audit-log?${query}` : "/admin/audit-log";
}
