import { AlertTriangle, Bot, CircleCheck, CircleX, ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { formatPercent } from "./crawler-coverage.ts";
import type { CrawlerReport, CrawlerReportAnswer } from "./crawler-report.ts";
import { CrawlerResources } from "./crawler-resources.tsx";
import { SampleCard } from "./crawler-sample-card.tsx";
import { plural } from "~/lib/wording.ts";
import { formatDateTime } from "~/lib/format-date.ts";

/** Spec 02 §8: the crawler page's error view. */
const CRAWLER_ERROR_TITLE = "Error Loading Data";
export const CRAWLER_ERROR_MESSAGE = "Unable to load listings for crawler test.";
/** Fields the crawler page counts per listing (spec 02 §3). */
const FIELDS_PER_LISTING = 6;

function StatCard({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card className="p-4 sm:p-5" data-testid="crawler-stat">
      <p className="text-sm font-medium text-fg-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</p>
      <p className="mt-1 text-xs text-fg-muted">{hint}</p>
    </Card>
  );
}

function Stats({ stats }: { stats: CrawlerReport["stats"] }) {
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <section aria-label="Coverage statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Listings" value={n(stats.totalListings)} hint="Published listings a crawler can reach" />
      <StatCard label="With Content" value={n(stats.listingsWithContent)} hint="Problem, solution, team or revenue visible" />
      <StatCard label="Visible Fields" value={n(stats.fieldsVisible)} hint={`Of ${n(stats.totalListings * FIELDS_PER_LISTING)} possible`} />
      <StatCard label="SEO Coverage" value={formatPercent(stats.coveragePercent)} hint="Listings with content, of all listings" />
    </section>
  );
}

function Checklist({ checks }: { checks: CrawlerReport["checks"] }) {
  const passed = checks.filter((c) => c.pass).length;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">SEO Checklist</h2>
        <p className="text-sm text-fg-muted">
          {passed} of {checks.length} pass
        </p>
      </div>
      <ul className="mt-4 flex flex-col divide-y divide-border">
        {checks.map((check) => (
          <li key={check.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="crawler-check">
            {check.pass ? (
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <CircleX className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <p className="font-medium">
                <span className="sr-only">{check.pass ? "Pass: " : "Fail: "}</span>
                {check.label}
              </p>
              <p className="mt-0.5 text-sm break-words text-fg-muted">{check.detail}</p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Results({ report, crawlerView }: { report: CrawlerReport; crawlerView: boolean }) {
  return (
    <div className="flex flex-col gap-8">
      <Stats stats={report.stats} />
      <Checklist checks={report.checks} />
      <section aria-labelledby="crawler-sample-heading">
        <h2 id="crawler-sample-heading" className="text-lg font-semibold">
          Sample Listings
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          The first {plural(report.sample.length, "listing")} of the directory, as a crawler receives them. Checked{" "}
          {formatDateTime(report.checkedAt)}.
        </p>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {report.sample.map((listing) => (
            <SampleCard key={listing.id} listing={listing} crawlerView={crawlerView} />
          ))}
        </div>
      </section>
    </div>
  );
}

function LoadError() {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-border bg-surface-raised px-4 py-12 text-center">
      <AlertTriangle className="size-8 text-danger" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold">{CRAWLER_ERROR_TITLE}</h2>
      <p className="mt-1 text-fg-muted">{CRAWLER_ERROR_MESSAGE}</p>
    </div>
  );
}

/** Where the page asks for its report (routes/api.debug.crawler-report.ts). */
const REPORT_URL = "/api/debug/crawler-report";

/** The report, asked for once the page is in the browser; undefined while it is being made. */
function useCrawlerReport(): CrawlerReportAnswer | undefined {
  const fetcher = useFetcher<CrawlerReportAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    void load(REPORT_URL);
  }, [load]);
  return fetcher.data;
}

/**
 * The crawler test page (spec 02 §2): what search engines receive from us. The data arrives behind the
 * spinner; the toggle shows every restricted element in full, as the crawler reads it (placeholders included).
 */
export function CrawlerTestView({ origin }: { origin: string }) {
  const [crawlerView, setCrawlerView] = useState(false);
  const report = useCrawlerReport();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Crawler Test</h1>
        <p className="mt-2 max-w-prose text-sm text-fg-muted">
          What search engines receive from this site. Every figure comes from what the server sends an anonymous crawler (no cookie,
          Googlebot&apos;s user agent): gated sections arrive as placeholders, and a placeholder does not count as content.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button variant={crawlerView ? "primary" : "secondary"} aria-pressed={crawlerView} onClick={() => setCrawlerView((on) => !on)}>
            <Bot aria-hidden="true" />
            {crawlerView ? "Crawler View Active" : "Enable Crawler View"}
          </Button>
          <Link to="/listings" className={buttonClass({ variant: "secondary" })}>
            <ExternalLink aria-hidden="true" />
            View Live Site
          </Link>
        </div>
        {crawlerView ? (
          <p role="status" className="mt-3 text-sm text-fg-muted">
            Crawler view: restricted items are shown in full and link to their profile, as a crawler reads them.
          </p>
        ) : null}
      </div>
      {!report ? (
        <>
          <Spinner label="Loading crawler test data..." className="py-24" />
          <noscript>
            <p className="text-center text-sm text-fg-muted">
              The report is made in the browser&apos;s background: it needs JavaScript (or read <a href={REPORT_URL}>the raw report</a>).
            </p>
          </noscript>
        </>
      ) : "error" in report ? (
        <LoadError />
      ) : (
        <Results report={report} crawlerView={crawlerView} />
      )}
      <CrawlerResources origin={origin} />
    </div>
  );
}
