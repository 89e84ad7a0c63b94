import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import type { AccessControlData } from "./access-control-data.server.ts";
import { QuotaIndicator } from "./quota-indicator.tsx";
import { UNLIMITED_QUOTA } from "./quotas.ts";

const limit = (n: number) => (n === UNLIMITED_QUOTA ? "unlimited" : n.toLocaleString("en-US"));

type TierSample = AccessControlData["tiers"][number];

/** A tier's price and monthly limits, in the order of the table's columns and the cards' lines. */
function tierFigures(t: TierSample): Array<[string, string]> {
  return [
    ["Price", t.price],
    ["Views", limit(t.limits.views)],
    ["AI requests", limit(t.limits.aiRequests)],
    ["Exports", limit(t.limits.exports)],
  ];
}

function TierFeatures({ features, className }: { features: TierSample["features"]; className?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-1", className)}>
      {Object.entries(features).map(([feature, granted]) => (
        <Badge key={feature} variant={granted ? "accent" : "outline"} className={granted ? "" : "line-through opacity-60"}>
          {feature}
        </Badge>
      ))}
    </div>
  );
}

/**
 * Spec 01 §2's internal access-control page: tier, feature and quota samples, and this admin's own usage, with
 * buttons that record one real unit of usage each.
 */
export function AccessControlPage({ page: loaderData, result: actionData }: { page: AccessControlData; result?: FormResult }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Access control</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Signed in as {loaderData.admin.name} ({loaderData.admin.tier}: {loaderData.admin.plan}). Tier definitions come from{" "}
        {loaderData.fromRecords ? "the visibility-levels table" : "the built-in legacy definitions"}.
      </p>

      <h2 className="mt-8 text-lg font-semibold">Tiers, features and quotas</h2>
      {/* Small screens get one card per tier: the eight feature badges would make a table of tall, narrow rows. */}
      <ul className="mt-3 grid gap-3 sm:hidden">
        {loaderData.tiers.map((t) => (
          <li key={t.level}>
            <section aria-labelledby={`tier-${t.level}`} className="rounded-lg border border-border p-4">
              <h3 id={`tier-${t.level}`} className="font-medium">
                {t.name} <span className="font-normal text-fg-muted">({t.level})</span>
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                {tierFigures(t).map(([term, value]) => (
                  <div key={term} className="contents">
                    <dt className="text-fg-muted">{term}</dt>
                    <dd className="tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
              <TierFeatures features={t.features} className="mt-3" />
            </section>
          </li>
        ))}
      </ul>
      <div
        className="mt-3 hidden overflow-x-auto rounded-lg border border-border sm:block"
        tabIndex={0}
        role="region"
        aria-label="Tiers, features and quotas"
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-surface-muted text-xs text-fg-muted">
            <tr>
              <th className="px-3 py-2">Plan (tier)</th>
              {tierFigures(loaderData.tiers[0]!).map(([term]) => (
                <th key={term} className="px-3 py-2">
                  {term}
                </th>
              ))}
              <th className="px-3 py-2">Features</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.tiers.map((t) => (
              <tr key={t.level} className="border-t border-border align-top">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {t.name} <span className="font-normal text-fg-muted">({t.level})</span>
                </th>
                {tierFigures(t).map(([term, value]) => (
                  <td key={term} className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {value}
                  </td>
                ))}
                <td className="px-3 py-2">
                  <TierFeatures features={t.features} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="mt-8 text-lg font-semibold">Your usage this month</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {loaderData.usage.map((q) => (
          <li key={q.type} className="rounded-lg border border-border p-3">
            <p className="text-sm font-medium capitalize">{q.type}</p>
            <p className="text-xs text-fg-muted">
              used {q.used} · status {q.status}
            </p>
            <QuotaIndicator className="mt-2" type={q.type} remaining={q.remaining} limit={q.limit} status={q.status} />
          </li>
        ))}
      </ul>

      <Form method="post" className="mt-6 flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="company_view" disabled={busy}>
          Simulate company view
        </Button>
        <Button type="submit" name="intent" value="ai_request" variant="secondary" disabled={busy}>
          Simulate AI request
        </Button>
        <Button type="submit" name="intent" value="export" variant="secondary" disabled={busy}>
          Simulate export
        </Button>
        <Button type="submit" name="intent" value="refresh" variant="ghost" disabled={busy}>
          Refresh
        </Button>
      </Form>
      {actionData?.message ? (
        <p role={actionData.ok ? "status" : "alert"} className={cn("mt-3 text-sm", actionData.ok ? "text-fg-muted" : "text-danger")}>
          {actionData.message}
        </p>
      ) : null}
    </div>
  );
}
