import { ArrowRight, TriangleExclamationPoint } from "lucide-react";
import { Suspense } from "react";
import { Await, Link } from "react-router";
import { Spinner } from "~/components/ui/spinner.tsx";
import { DATA_SOURCE_ERROR_MESSAGE, DATA_SOURCE_ERROR_TITLE } from "~/lib/errors.ts";
import type { FundingRow } from "./funding-table.ts";
import { FundingTable } from "./funding-table.tsx";

function LoadFailed() {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 p-8 text-center">
      <TriangleExclamationPoint className="size-5 text-danger" aria-hidden="true" />
      <p className="font-medium">{DATA_SOURCE_ERROR_TITLE}</p>
      <p className="max-w-md text-sm text-fg-muted">{DATA_SOURCE_ERROR_MESSAGE}</p>
    </div>
  );
}

/**
 * "Latest Funding Rounds" (spec 01 §2). The rows stream in after the rest of the page: the spinner the
 * specification names shows meanwhile, and gives way to an error message if loading fails.
 */
export function LatestFundingSection({ rows, onUnlock }: { rows: Promise<FundingRow[]>; onUnlock: () => void }) {
  return (
    <section
      aria-labelledby="latest-funding-title"
      className="mx-auto max-w-7xl px-4 py-16 [contain-intrinsic-size:auto_700px] [content-visibility:auto] sm:px-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="latest-funding-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Latest Funding Rounds
          </h2>
          <p className="mt-2 text-fg-muted">Recent rounds raised by startups featured on Introbase.</p>
        </div>
        <Link
          to="/listings?type=startups&featured=true"
          className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
        >
          All featured startups
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mt-8 overflow-hidden rounded-xl border border-border bg-surface-raised shadow-sm">
        <Suspense fallback={<Spinner label="Loading funding rounds" className="p-12" />}>
          <Await resolve={rows} errorElement={<LoadFailed />}>
            {(resolved) => <FundingTable rows={resolved} onUnlock={onUnlock} />}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}
