import { ChevronRight } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";

export interface CountItem {
  label: string;
  n: number;
  /** The back-office page listing exactly these items, where one exists. */
  href?: string;
}

/**
 * A dashboard count: a headline number and its breakdown. Each breakdown row is one link whose name carries both the
 * label and the number ("Published 400"), so it reads the same to a screen reader as it looks.
 */
export function CountCard({
  title,
  icon,
  headline,
  headlineLabel,
  items,
  href,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  headline: number;
  headlineLabel: string;
  items: readonly CountItem[];
  /** Where the card's title leads: the section's page. */
  href?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className="rounded-xl border border-border bg-surface-raised p-4 shadow-sm sm:p-5">
      <h3 id={id} className="flex items-center gap-2 text-sm font-medium text-fg-muted [&_svg]:size-4">
        {icon}
        {href ? (
          <Link to={href} className="hover:text-accent hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
      </h3>
      <p className="mt-2">
        <span className="text-3xl font-semibold tabular-nums">{headline.toLocaleString("en-US")}</span>{" "}
        <span className="text-sm text-fg-muted">{headlineLabel}</span>
      </p>
      {items.length === 0 ? null : (
        <ul className="mt-3 grid gap-0.5 border-t border-border pt-2 text-sm">
          {items.map((item) => {
            const content = (
              <>
                <span className="truncate">{item.label}</span>
                <span className="ml-auto tabular-nums">{item.n.toLocaleString("en-US")}</span>
              </>
            );
            return (
              <li key={item.label}>
                {item.href ? (
                  <Link to={item.href} className="group -mx-2 flex items-center gap-2 rounded-md px-2 py-1 hover:bg-surface-muted">
                    {content}
                    <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-fg-muted group-hover:text-accent" />
                  </Link>
                ) : (
                  <span className="flex items-center gap-2 py-1">{content}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
