/**
 * Imported logos become our own files (issue 32: hot-linked logos failed and showed broken images on cards and
 * profiles). Each company's logo is fetched through the guarded outbound fetch (DESIGN D16: public addresses only,
 * redirects checked, size and time limits), must be a raster image by its bytes (not by what the host says), and is
 * kept in stored_files, served from /media; the company's listing then points there. A logo that cannot be copied
 * leaves the listing without one: the monogram shows, never a broken image. Runs before a page is written (no
 * network inside the write transaction), a few downloads at a time.
 */
import { sql } from "drizzle-orm";
import { LOGO_MAX_BYTES } from "~/features/media/logo-rules.ts";
import { storeImage } from "~/features/media/stored-files.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { textArray } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { failureReason } from "~/lib/errors.ts";
import { createOutboundFetch } from "~/lib/outbound-fetch.server.ts";
import { MEDIA_PATH } from "~/lib/web-url.ts";
import { contentHash } from "./import-company.server.ts";
import type { ImportedCompany } from "../provider/map-provider-record.ts";

/** One logo's download, whole: a logo host that dawdles costs the import this much at most. */
const LOGO_TIMEOUT_MS = 10_000;
/** Downloads at once: enough to hide a slow host, few enough to be a polite client. */
const LOGO_CONCURRENCY = 4;
/** The first failures kept for the job card; the counts say how many there were. */
export const LOGO_ERRORS_KEPT = 5;

export interface LogoCopyResult {
  copied: number;
  failed: number;
  /** Companies whose record is unchanged since their logo was copied: not downloaded again. */
  unchanged: number;
  /** The first failures, "Company: reason". */
  errors: string[];
}

/** The fetch for logos from the environment: the guard of every outbound call, with a logo's limits. */
export function logoFetchFromEnv(): typeof fetch {
  return createOutboundFetch({
    privateOrigins: getEnv().OUTBOUND_ALLOWED_PRIVATE_ORIGINS,
    maxBytes: LOGO_MAX_BYTES,
    timeoutMs: LOGO_TIMEOUT_MS,
    maxRedirects: 3,
  });
}

/** The body, read no further than the logo limit whatever fetch was given (a test's, or one with larger limits). */
async function boundedBody(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > LOGO_MAX_BYTES) throw new Error(`the logo is ${declared} bytes; the limit is ${LOGO_MAX_BYTES}`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > LOGO_MAX_BYTES) {
      await reader.cancel();
      throw new Error(`the logo is over ${LOGO_MAX_BYTES} bytes, the limit`);
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

async function copyOne(database: Database, url: string, fetch: typeof globalThis.fetch, signal?: AbortSignal): Promise<string> {
  const timeout = AbortSignal.timeout(LOGO_TIMEOUT_MS);
  const response = await fetch(url, {
    headers: { accept: "image/png,image/jpeg,image/webp,image/gif;q=0.9,*/*;q=0.1" },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status} from ${new URL(url).host}`);
  }
  return storeImage(database, await boundedBody(response));
}

/** The listing logo each already-imported company has now, with the content hash its record was imported with. */
async function knownLogos(database: Database, source: string, companies: readonly ImportedCompany[]) {
  if (!companies.length) return new Map<string, { hash: string | null; logo: string | null }>();
  const rows = await database.rows<{ external_id: string; content_hash: string | null; logo_url: string | null }>(sql`
    SELECT s.external_id, s.content_hash, l.logo_url FROM listing_sources s JOIN listings l ON l.id = s.listing_id
    WHERE s.source = ${source} AND s.external_id = ANY(${textArray(companies.map((c) => c.externalId))})`);
  return new Map(rows.map((r) => [r.external_id, { hash: r.content_hash, logo: r.logo_url }]));
}

/**
 * Sets `listing.logoUrl` of every company with a logo to our copy of it (in place), and says what happened. A record
 * imported before with the same content whose listing holds our copy keeps that copy without a download, so running
 * an import again costs no logo traffic; a logo that failed before is tried again.
 */
export async function copyLogos(
  database: Database,
  companies: readonly ImportedCompany[],
  options: { fetch: typeof globalThis.fetch; source: string; signal?: AbortSignal },
): Promise<LogoCopyResult> {
  const result: LogoCopyResult = { copied: 0, failed: 0, unchanged: 0, errors: [] };
  const known = await knownLogos(database, options.source, companies);
  const pending: ImportedCompany[] = [];
  for (const company of companies) {
    if (!company.logoSource) continue;
    const before = known.get(company.externalId);
    const kept = before?.logo && MEDIA_PATH.test(before.logo) ? before.logo : null;
    if (kept && contentHash({ ...company, listing: { ...company.listing, logoUrl: kept } }) === before!.hash) {
      company.listing.logoUrl = kept;
      result.unchanged += 1;
    } else pending.push(company);
  }
  // A few at a time, in the page's order, so the first errors kept are the page's first.
  const failures: Array<[number, string]> = [];
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const index = next++;
      const company = pending[index]!;
      options.signal?.throwIfAborted();
      try {
        company.listing.logoUrl = await copyOne(database, company.logoSource!, options.fetch, options.signal);
        result.copied += 1;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        company.listing.logoUrl = null;
        result.failed += 1;
        failures.push([index, `${company.listing.name}: ${failureReason(error)}`]);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOGO_CONCURRENCY, pending.length) }, worker));
  result.errors = failures
    .sort((a, b) => a[0] - b[0])
    .slice(0, LOGO_ERRORS_KEPT)
    .map(([, text]) => text);
  return result;
}
