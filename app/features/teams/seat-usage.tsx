import { Card } from "~/components/ui/card.tsx";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import type { TeamBillingData } from "./seats-page.server.ts";

const QUOTAS = ["views", "AI requests", "exports", "API calls"] as const;
const UNLIMITED = 999999;
const LABELS: Record<(typeof QUOTAS)[number], string> = {
  views: "Company views",
  "AI requests": "AI requests",
  exports: "Exports",
  "API calls": "API calls",
};

/** "12 of 500", "3 (unlimited)", "—" for a quota the plan does not grant. */
function used(quota: { used: number; limit: number } | undefined): string {
  if (!quota) return "—";
  if (quota.limit >= UNLIMITED) return `${quota.used.toLocaleString("en-US")} (unlimited)`;
  return `${quota.used.toLocaleString("en-US")} of ${quota.limit.toLocaleString("en-US")}`;
}

/**
 * This month's use of each quota per seat (decision 0119): every seat holder for the team's owner and admins, a member's
 * own use for a member. Quotas are per seat: each holder spends their own allowance, none is pooled.
 */
export function SeatUsage({ page }: { page: TeamBillingData }) {
  const catalogue = usePlanCatalogue();
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="team-seat-usage">
      <h2 id="team-seat-usage" className="text-lg font-semibold">
        {page.canManage ? "Use this month, per seat" : "Your use this month"}
      </h2>
      {page.usage.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">No seat is assigned yet.</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {page.usage.map((row) => (
            <li key={row.userId} className="border-t border-border pt-3" aria-label={`${row.name}'s use this month`}>
              <p className="text-sm">
                <span className="font-medium">{row.name}</span> <span className="text-fg-muted">· {catalogue[row.tier].name}</span>
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                {QUOTAS.map((q) => (
                  <div key={q}>
                    <dt className="text-fg-muted">{LABELS[q]}</dt>
                    <dd>{used(row.quotas.find((x) => x.type === q))}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
