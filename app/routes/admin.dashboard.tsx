import type { Route } from "./+types/admin.dashboard";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { findActivity } from "~/features/audit/audit-activity.server.ts";
import { auditStatistics } from "~/features/audit/audit-log.server.ts";
import { toActivityRow } from "~/features/back-office/audit-rows.ts";
import { getDashboardStats } from "~/features/back-office/dashboard-stats.server.ts";
import { Dashboard } from "~/features/back-office/dashboard-view.tsx";
import { getIntroFunnel } from "~/features/introductions/intro-funnel.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Back-office | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The back-office dashboard (issue 5 §1): counts, small charts, the introduction funnel (0094) and the latest audit entries. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const [stats, audit, recent, funnel] = await Promise.all([
    getDashboardStats(database),
    auditStatistics(database),
    // Grouped: an import's entries are one row, so people's actions stay in view (decision 0093).
    findActivity(database, { limit: 10 }),
    getIntroFunnel(database),
  ]);
  return {
    stats,
    audit: { windowHours: audit.windowHours, total: audit.total, byOperation: audit.byOperation },
    recent: recent.rows.map(toActivityRow),
    funnel,
  };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <Dashboard {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
