import type { Route } from "./+types/admin.audit-log";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { auditStatistics, findAuditEntries } from "~/features/audit/audit-log.server.ts";
import { filterOptions, KNOWN_ACTIONS, KNOWN_OPERATIONS, parseAuditFilter } from "~/features/back-office/audit-filter.ts";
import { AuditLogView } from "~/features/back-office/audit-log-view.tsx";
import { toAuditRow } from "~/features/back-office/audit-rows.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Audit log | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The audit log (issue 5 §6, spec 02 §9): the last 24 hours' statistics and the most recent 100 entries, filterable. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const filter = parseAuditFilter(new URL(args.request.url).searchParams);
  const [entries, statistics] = await Promise.all([findAuditEntries(database, filter), auditStatistics(database)]);
  return {
    filter,
    options: {
      operations: filterOptions(KNOWN_OPERATIONS, Object.keys(statistics.byOperation), [filter.operation]),
      actions: filterOptions(KNOWN_ACTIONS, Object.keys(statistics.byAction), [filter.action]),
    },
    statistics,
    entries: entries.map(toAuditRow),
  };
}

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  return <AuditLogView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
