import { sql } from "drizzle-orm";
import type { Route } from "./+types/debug.company-access";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { CompanyAccessPage } from "~/features/access/company-access-page.tsx";
import { canSee, normalizeLevel } from "~/features/access/tiers.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Company access | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Spec 01 §2's company-level access demo: one real listing per visibility level, whether the current viewer
 * may open it, and the accessible / restricted / total counts over all published listings.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "debug");
  const { database } = getAppContext(args.context);
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

export default function CompanyAccess({ loaderData }: Route.ComponentProps) {
  return <CompanyAccessPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
