import { sql } from "drizzle-orm";
import { Link } from "react-router";
import type { Route } from "./+types/debug.company-access";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { canSee, normalizeLevel, type AccessLevel } from "~/features/access/tiers.ts";
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

const LEVEL_ORDER: AccessLevel[] = ["public", "subscriber", "premium"];

export default function CompanyAccess({ loaderData }: Route.ComponentProps) {
  const samples = [...loaderData.samples].sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Company access</h1>
      <p className="mt-2 text-sm text-fg-muted">What a viewer of your tier ({loaderData.tier}) may open.</p>
      <ul className="mt-6 grid gap-3">
        {samples.map((s) => (
          <li key={s.level} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
            <div>
              <Link to={`/profile/${s.type}/${s.slug}`} className="font-medium hover:underline">
                {s.name}
              </Link>
              <p className="text-xs text-fg-muted">Listing visibility: {s.level}</p>
            </div>
            <Badge variant={s.accessible ? "accent" : "outline"}>{s.accessible ? "Accessible" : "Restricted"}</Badge>
          </li>
        ))}
      </ul>
      <dl className="mt-6 grid grid-cols-3 gap-3 text-center">
        {(["accessible", "restricted", "total"] as const).map((key) => (
          <div key={key} className="rounded-lg border border-border p-3">
            <dt className="text-xs text-fg-muted capitalize">{key}</dt>
            <dd className="text-xl font-semibold tabular-nums">{loaderData.summary[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
