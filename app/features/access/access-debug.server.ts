/**
 * The two internal access pages of spec 01 §2 (/debug/access-control, /debug/company-access): real usage recorded
 * for the signed-in admin by the page's buttons, and one real listing per visibility level with the counts the
 * admin's tier may and may not open.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import type { ErrorCode } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import type { CompanyAccessSample } from "./company-access-page.tsx";
import { aiAction, DATA_EXPORT, quotaDepletedMessage } from "./quotas.ts";
import { canSee, normalizeLevel, type AccessLevel } from "./tiers.ts";
import { recordCompanyView, recordUsage } from "./usage.server.ts";
import { viewerFor } from "./viewer.ts";

const SIMULATIONS = ["company_view", "ai_request", "export", "refresh"] as const;

export type SimulationOutcome = { ok: true; message: string } | { ok: false; code: ErrorCode; message: string };

/** One button of the access-control page: one real unit of usage for the admin (refresh records nothing). */
export async function simulateUsage(database: Database, admin: SessionUser, intent: string): Promise<SimulationOutcome> {
  if (!(SIMULATIONS as readonly string[]).includes(intent))
    return { ok: false, code: "bad_request", message: `Unknown action "${intent.slice(0, 40)}".` };
  if (intent === "refresh") return { ok: true, message: "Refreshed." };
  if (intent === "company_view") {
    const [listing] = await database.rows<{ id: string; name: string }>(
      sql`SELECT id, name FROM listings WHERE processing_status = 'published' ORDER BY random() LIMIT 1`,
    );
    if (!listing) return { ok: false, code: "not_found", message: "No published listing to view." };
    const result = await recordCompanyView(database, admin, listing.id);
    if (!result.allowed) return { ok: false, code: "rate_limited", message: quotaDepletedMessage("views") };
    return { ok: true, message: `Viewed ${listing.name}${result.counted ? "" : " (already seen this month: free)"}.` };
  }
  const exported = intent === "export";
  const result = await recordUsage(database, admin, exported ? DATA_EXPORT : aiAction("request"));
  if (!result.allowed) return { ok: false, code: "rate_limited", message: quotaDepletedMessage(exported ? "exports" : "AI requests") };
  return { ok: true, message: `Recorded one ${exported ? "export" : "AI request"}.` };
}

export interface CompanyAccessData {
  tier: AccessLevel;
  samples: CompanyAccessSample[];
  summary: { accessible: number; restricted: number; total: number };
}

/** One published listing per visibility level, and how many published listings the admin's tier may open. */
export async function companyAccessData(database: Database, admin: SessionUser): Promise<CompanyAccessData> {
  const viewer = viewerFor(admin);
  const [samples, counts] = await Promise.all([
    database.rows<{ name: string; slug: string; type: string; visibility: string }>(sql`
      SELECT DISTINCT ON (visibility) name, slug, type, visibility FROM listings
      WHERE processing_status = 'published' ORDER BY visibility, featured DESC, name`),
    database.rows<{ visibility: string; n: number }>(sql`
      SELECT visibility, count(*)::int AS n FROM listings WHERE processing_status = 'published' GROUP BY visibility`),
  ]);
  let accessible = 0;
  let total = 0;
  for (const row of counts) {
    total += row.n;
    if (canSee(viewer.tier, normalizeLevel(row.visibility))) accessible += row.n;
  }
  return {
    tier: viewer.tier,
    samples: samples.map((s) => ({
      ...s,
      level: normalizeLevel(s.visibility),
      accessible: canSee(viewer.tier, normalizeLevel(s.visibility)),
    })),
    summary: { accessible, restricted: total - accessible, total },
  };
}
