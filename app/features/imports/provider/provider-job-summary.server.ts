/**
 * What an import job's card shows (issue 32: a card showed neither its parameters nor the listings it added): the
 * query as the operator asked it, the counts, the logos, and links to the first listings the job created, merged into
 * and sent to review. Built on the server from the job record, so the provider's raw pages (kept in the job for the
 * debugger's Raw Output) never travel to the browser.
 */
import { inArray } from "drizzle-orm";
import type { jobs } from "#db/schema/jobs.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { ProviderImportRequest, type ProviderImportOutput } from "./provider-import-job.server.ts";
import { PROVIDER_QUERY_LABELS } from "./provider-query.ts";

type JobRow = typeof jobs.$inferSelect;

export interface ListingLinks {
  items: Array<{ id: string; name: string; href: string | null }>;
  /** How many in all (the list holds the first few). */
  total: number;
}

export interface ProviderJobSummaryData {
  parameters: Array<{ label: string; value: string }>;
  counts: {
    received: number;
    dropped: number;
    created: number;
    merged: number;
    updated: number;
    unchanged: number;
    review: number;
    /** Listings whose company-submitted values were kept, the incoming ones sent to /admin/listing-changes. */
    heldForReview: number;
    failed: number;
  };
  logos: { copied: number; unchanged: number; failed: number; errors: string[] };
  listings: { created: ListingLinks; merged: ListingLinks; review: ListingLinks };
}

const ENDPOINTS = { funding: "Funding rounds", "m-a": "Mergers and acquisitions" } as const;

/** The query's values in the form's words, the set ones only (page and batch sizes always). */
function parametersOf(job: JobRow): ProviderJobSummaryData["parameters"] {
  const parsed = ProviderImportRequest.safeParse(job.parameters);
  if (!parsed.success) return [{ label: "Parameters", value: JSON.stringify(job.parameters) }];
  const { endpoint, query } = parsed.data;
  const out: ProviderJobSummaryData["parameters"] = [{ label: "Endpoint", value: ENDPOINTS[endpoint] }];
  for (const key of Object.keys(PROVIDER_QUERY_LABELS) as Array<keyof typeof PROVIDER_QUERY_LABELS>) {
    const value = query[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (key === "round" && endpoint !== "funding") continue;
    out.push({ label: PROVIDER_QUERY_LABELS[key], value: Array.isArray(value) ? value.join(", ") : String(value) });
  }
  return out;
}

/** The card's data for each provider import job given, by job id. */
export async function providerJobSummaries(database: Database, rows: readonly JobRow[]): Promise<Map<string, ProviderJobSummaryData>> {
  const outputs = new Map(rows.map((row) => [row.id, (row.processedOutput ?? null) as Partial<ProviderImportOutput> | null]));
  const ids = new Set<string>();
  for (const output of outputs.values())
    for (const list of Object.values(output?.listings ?? {})) for (const id of list as string[]) ids.add(id);
  const found = ids.size
    ? await database.db
        .select({ id: listings.id, name: listings.name, type: listings.type, slug: listings.slug })
        .from(listings)
        .where(inArray(listings.id, [...ids]))
    : [];
  const byId = new Map(found.map((l) => [l.id, l]));
  const links = (list: string[] | undefined, total: number): ListingLinks => ({
    items: (list ?? []).map((id) => {
      const listing = byId.get(id);
      // A listing deleted since: named as gone rather than linked to a page that is not there.
      return listing
        ? { id, name: listing.name, href: `/profile/${listing.type}/${encodeURIComponent(listing.slug)}` }
        : { id, name: "(listing since deleted)", href: null };
    }),
    total: Math.max(total, list?.length ?? 0),
  });

  const summaries = new Map<string, ProviderJobSummaryData>();
  for (const row of rows) {
    const output = outputs.get(row.id);
    const c = output?.counters;
    summaries.set(row.id, {
      parameters: parametersOf(row),
      counts: {
        received: c?.received ?? 0,
        dropped: c?.dropped ?? 0,
        created: c?.created ?? 0,
        merged: c?.merged ?? 0,
        updated: c?.updated ?? 0,
        unchanged: c?.skipped ?? 0,
        review: c?.review ?? 0,
        heldForReview: c?.heldForReview ?? 0,
        failed: c?.errors ?? 0,
      },
      logos: {
        copied: c?.logosCopied ?? 0,
        unchanged: c?.logosUnchanged ?? 0,
        failed: c?.logosFailed ?? 0,
        errors: output?.logoErrors ?? [],
      },
      listings: {
        created: links(output?.listings?.created, c?.created ?? 0),
        merged: links(output?.listings?.merged, c?.merged ?? 0),
        review: links(output?.listings?.review, c?.review ?? 0),
      },
    });
  }
  return summaries;
}
