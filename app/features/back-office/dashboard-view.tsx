import { Building2, GitMerge, Handshake, Landmark, Rocket, ScrollText, Star, Users, Workflow } from "lucide-react";
import { IntroFunnelSection } from "~/features/introductions/intro-funnel-section.tsx";
import type { IntroFunnel } from "~/features/introductions/intro-funnel.server.ts";
import { INTRO_STATUS_LABEL } from "~/features/introductions/intro-status.ts";
import type { ActivityRow } from "./audit-rows.ts";
import { BackOfficeNav } from "./back-office-nav.tsx";
import { CountCard, type CountItem } from "./count-card.tsx";
import type { DashboardStats, ListingType } from "./dashboard-stats.server.ts";
import { HorizontalBars } from "./horizontal-bars.tsx";
import {
  DUPLICATE_REVIEW_LABEL,
  FEATURE_APPLICATION_LABEL,
  JOB_LABEL,
  LISTING_TYPE_LABEL,
  PILOT_APPLICATION_LABEL,
  humanize,
  listingsHref,
} from "./labels.ts";
import { MonthlyBarChart, type ChartSeries } from "./monthly-bar-chart.tsx";
import { RecentActivity } from "./recent-activity.tsx";
import { plural } from "~/lib/wording.ts";

export interface DashboardData {
  stats: DashboardStats;
  audit: { windowHours: number; total: number; byOperation: Record<string, number> };
  recent: ActivityRow[];
  funnel: IntroFunnel;
}

const TYPE_ICON = { startup: Rocket, investor: Landmark, partner: Building2 } as const;

// Chart colours: the accent and two palette hues dark enough on white (3:1) and light enough on the dark surface.
const TYPE_SERIES: ReadonlyArray<ChartSeries<ListingType>> = [
  { key: "startup", label: "Startups", color: "bg-accent" },
  { key: "investor", label: "Investors", color: "bg-emerald-600 dark:bg-emerald-400" },
  { key: "partner", label: "Partners", color: "bg-amber-600 dark:bg-amber-300" },
];
const DUPLICATE_SERIES: ReadonlyArray<ChartSeries<"found" | "merged">> = [
  { key: "found", label: "Found", color: "bg-sky-600 dark:bg-sky-400" },
  { key: "merged", label: "Merged", color: "bg-accent" },
];

/** Known statuses in their workflow order with their labels, then any other status the table holds. */
function items(counts: Record<string, number>, labels: Record<string, string>, href?: (status: string) => string): CountItem[] {
  const statuses = [...Object.keys(labels), ...Object.keys(counts).filter((s) => !(s in labels))];
  return statuses.map((s) => ({ label: labels[s] ?? humanize(s), n: counts[s] ?? 0, href: href?.(s) }));
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** A card per listing type and per queue (introductions, applications, duplicates, jobs, audit), each linking to its list. */
function CountsSection({ stats, audit, introItems }: Pick<DashboardData, "stats" | "audit"> & { introItems: CountItem[] }) {
  return (
    <section aria-labelledby="counts" className="mt-10">
      <h2 id="counts" className="text-lg font-semibold">
        Counts
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {stats.listings.map(({ type, total, byStatus }) => {
          const Icon = TYPE_ICON[type];
          return (
            <CountCard
              key={type}
              testId={`listings-${type}`}
              title={LISTING_TYPE_LABEL[type]}
              icon={<Icon aria-hidden="true" />}
              href={`/admin/listings?type=${type}`}
              headline={total}
              headlineLabel="listings"
              items={byStatus.map(({ status, n }) => ({ label: humanize(status), n, href: listingsHref(type, status) }))}
            />
          );
        })}
        <CountCard
          testId="intros"
          title="Introduction requests"
          icon={<Handshake aria-hidden="true" />}
          href="/admin/intros"
          headline={stats.intros.pending_review ?? 0}
          headlineLabel="in review"
          items={introItems}
        />
        <CountCard
          testId="feature-applications"
          title="Feature applications"
          icon={<Star aria-hidden="true" />}
          href="/admin/applications"
          headline={stats.featureApplications.new ?? 0}
          headlineLabel="to review"
          items={items(stats.featureApplications, FEATURE_APPLICATION_LABEL, (s) => `/admin/applications?status=${s}`)}
        />
        <CountCard
          testId="pilot-applications"
          title="Pilot applications"
          icon={<Users aria-hidden="true" />}
          href="/admin/pilot-applications"
          headline={stats.pilotApplications.new ?? 0}
          headlineLabel="new"
          items={items(stats.pilotApplications, PILOT_APPLICATION_LABEL, () => "/admin/pilot-applications")}
        />
        <CountCard
          testId="duplicate-reviews"
          title="Duplicate review"
          icon={<GitMerge aria-hidden="true" />}
          href="/admin/duplicate-management"
          headline={stats.duplicateReviews.open ?? 0}
          headlineLabel="open items"
          items={items(stats.duplicateReviews, DUPLICATE_REVIEW_LABEL, () => "/admin/duplicate-management")}
        />
        <CountCard
          testId="jobs"
          title="Jobs"
          icon={<Workflow aria-hidden="true" />}
          headline={(stats.jobs.running ?? 0) + (stats.jobs.queued ?? 0)}
          headlineLabel="running or queued"
          items={items(stats.jobs, JOB_LABEL)}
        />
        <CountCard
          testId="audit"
          title={`Audit log, last ${audit.windowHours} hours`}
          icon={<ScrollText aria-hidden="true" />}
          href="/admin/audit-log"
          headline={audit.total}
          headlineLabel="entries"
          items={Object.entries(audit.byOperation)
            .sort((a, b) => b[1] - a[1])
            .map(([operation, n]) => ({ label: humanize(operation), n, href: `/admin/audit-log?operation=${operation}` }))}
        />
      </div>
    </section>
  );
}

/** Listings added and duplicates per month, and introduction requests by status. */
function TrendsSection({ stats, introItems }: Pick<DashboardData, "stats"> & { introItems: CountItem[] }) {
  return (
    <section aria-labelledby="trends" className="mt-10">
      <h2 id="trends" className="text-lg font-semibold">
        Trends
      </h2>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 rounded-xl border border-border bg-surface-raised p-4 shadow-sm sm:p-5">
          <MonthlyBarChart
            title="Listings added per month"
            description="By type, last 12 months (UTC)."
            series={TYPE_SERIES}
            rows={stats.listingsPerMonth}
            stacked
          />
        </div>
        <div className="min-w-0 rounded-xl border border-border bg-surface-raised p-4 shadow-sm sm:p-5">
          <HorizontalBars
            title="Introduction requests by status"
            description={`${plural(sum(stats.intros), "request")} in all.`}
            items={introItems}
          />
        </div>
        <div className="min-w-0 rounded-xl border border-border bg-surface-raised p-4 shadow-sm sm:p-5">
          <MonthlyBarChart
            title="Duplicates found and merged"
            description="Pairs raised for review or merged, and merges not undone, per month."
            series={DUPLICATE_SERIES}
            rows={stats.duplicatesPerMonth}
          />
        </div>
      </div>
    </section>
  );
}

export function Dashboard({ stats, audit, recent, funnel }: DashboardData) {
  const introItems = items(stats.intros, INTRO_STATUS_LABEL, (s) => `/admin/intros?status=${s}`);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Back-office</h1>
      <p className="mt-2 text-sm text-fg-muted">What is in the directory, what waits for a decision, and what changed lately.</p>

      <div className="mt-6">
        <BackOfficeNav />
      </div>

      <CountsSection stats={stats} audit={audit} introItems={introItems} />

      <TrendsSection stats={stats} introItems={introItems} />

      <IntroFunnelSection funnel={funnel} />

      <RecentActivity rows={recent} />
    </div>
  );
}
