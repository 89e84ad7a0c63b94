import { Link } from "react-router";
import type { ActivityRow } from "./audit-rows.ts";
import { AuditTable } from "./audit-table.tsx";

/**
 * The dashboard's recent activity: the ten newest rows of the grouped audit log, so an import is one row with its
 * count and a person's action is never pushed off by it (issue 32, decision 0093).
 */
export function RecentActivity({ rows }: { rows: readonly ActivityRow[] }) {
  return (
    <section aria-labelledby="recent" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent" className="text-lg font-semibold">
          Recent activity
        </h2>
        <div className="flex flex-wrap gap-4 text-sm">
          <Link to="/admin/audit-log?kind=people" className="text-accent underline">
            People's actions
          </Link>
          <Link to="/admin/audit-log" className="text-accent underline">
            View the audit log
          </Link>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">Nothing recorded yet.</p>
      ) : (
        <div className="mt-4">
          <AuditTable rows={rows} caption="The ten most recent audit entries" compact />
        </div>
      )}
    </section>
  );
}
