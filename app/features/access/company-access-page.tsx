import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import type { AccessLevel } from "./tiers.ts";

export interface CompanyAccessSample {
  name: string;
  slug: string;
  type: string;
  level: AccessLevel;
  accessible: boolean;
}

const LEVEL_ORDER: AccessLevel[] = ["public", "subscriber", "premium"];

/** Spec 01 §2's company-level access demo: one listing per visibility level, and what the viewer's tier may open. */
export function CompanyAccessPage({
  tier,
  samples: unordered,
  summary,
}: {
  tier: AccessLevel;
  samples: CompanyAccessSample[];
  summary: { accessible: number; restricted: number; total: number };
}) {
  const samples = [...unordered].sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Company access</h1>
      <p className="mt-2 text-sm text-fg-muted">What a viewer of your tier ({tier}) may open.</p>
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
            <dd className="text-xl font-semibold tabular-nums">{summary[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
