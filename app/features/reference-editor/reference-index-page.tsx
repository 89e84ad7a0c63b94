import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { plural } from "~/lib/wording.ts";

export interface ReferenceListSummary {
  slug: string;
  title: string;
  description: string;
  count: number;
}

const card =
  "group flex h-full items-start justify-between gap-3 rounded-xl border border-border bg-surface-raised p-4 shadow-sm hover:border-accent";

/** The reference lists operators edit, each with how many values it holds, and the tier records. */
export function ReferenceIndexPage({ lists }: { lists: ReferenceListSummary[] }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Reference lists</h1>
      <p className="mt-2 text-sm text-fg-muted">
        The values listings are described with and the directory filters by. Changes show in the directory at once.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {lists.map((list) => (
          <li key={list.slug}>
            <Link to={`/admin/reference/${list.slug}`} className={card}>
              <span>
                <span className="block font-medium">{list.title}</span>
                <span className="mt-1 block text-sm text-fg-muted">{plural(list.count, "value")}</span>
                <span className="mt-2 block text-xs text-fg-muted">{list.description}</span>
              </span>
              <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted group-hover:text-accent" />
            </Link>
          </li>
        ))}
        <li>
          <Link to="/admin/tiers" className={card}>
            <span>
              <span className="block font-medium">Tiers</span>
              <span className="mt-1 block text-sm text-fg-muted">3 tier records</span>
              <span className="mt-2 block text-xs text-fg-muted">Prices, monthly quotas and what each tier may do.</span>
            </span>
            <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted group-hover:text-accent" />
          </Link>
        </li>
      </ul>
    </div>
  );
}
