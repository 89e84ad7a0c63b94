import { Link } from "react-router";
import { cn } from "~/lib/cn.ts";

/** A back-office list's status filter: one link per status with its count, the current one marked. */
export function StatusTabs<T extends string>({
  label,
  tabs,
  current,
  labels,
  counts,
}: {
  label: string;
  tabs: readonly T[];
  current: string;
  labels: Record<T, string>;
  counts: Partial<Record<string, number>>;
}) {
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap gap-2">
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={`?status=${tab}`}
          aria-current={current === tab ? "page" : undefined}
          className={cn(
            "rounded-full border border-border px-3 py-1 text-sm",
            current === tab ? "border-accent bg-accent-soft font-medium" : "hover:bg-surface-muted",
          )}
        >
          {labels[tab]}
          {tab !== "all" ? <span className="ml-1 text-fg-muted">{counts[tab] ?? 0}</span> : null}
        </Link>
      ))}
    </nav>
  );
}
