import type { Route } from "./+types/admin.audit-log";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { activityCounts, findActivity, findRunEntries } from "~/features/audit/audit-activity.server.ts";
import { auditStatistics } from "~/features/audit/audit-log.server.ts";
import { filterOptions, KNOWN_ACTIONS, KNOWN_OPERATIONS, parseAuditFilter } from "~/features/back-office/audit-filter.ts";
import { AuditLogView } from "~/features/back-office/audit-log-view.tsx";
import { toActivityRow, toAuditRow, toRunRow } from "~/features/back-office/audit-rows.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Audit log | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * The audit log (issue 5 §6, spec 02 §9): the last 24 hours' statistics and the newest activity, filterable, a page
 * at a time; each machine run is one row, opened to its entries with ?run= (issue 32, decision 0093).
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const filter = parseAuditFilter(new URL(args.request.url).searchParams);
  const query = { kind: filter.kind, operation: filter.operation, action: filter.action, limit: filter.limit, before: filter.before };
  const [page, opened, statistics, kinds] = await Promise.all([
    filter.run ? null : findActivity(database, query),
    filter.run ? findRunEntries(database, filter.run, query) : null,
    auditStatistics(database),
    activityCounts(database),
  ]);
  if (opened && !opened.run) notFound("No such run in the audit log.");
  return {
    filter,
    options: {
      operations: filterOptions(KNOWN_OPERATIONS, Object.keys(statistics.byOperation), [filter.operation]),
      actions: filterOptions(KNOWN_ACTIONS, Object.keys(statistics.byAction), [filter.action]),
    },
    statistics: { ...statistics, byKind: kinds },
    run: opened?.run ? toRunRow(opened.run) : null,
    rows: page ? page.rows.map(toActivityRow) : opened!.entries.map((entry) => ({ type: "entry" as const, entry: toAuditRow(entry) })),
    next: page ? page.next : opened!.next,
  };
}

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  return <AuditLogView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
