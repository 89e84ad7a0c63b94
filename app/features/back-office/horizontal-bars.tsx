import { useId } from "react";
import { Link } from "react-router";

export interface BarItem {
  label: string;
  n: number;
  href?: string;
}

/**
 * One labelled bar per item. Each number is written beside its bar, so the text says everything the bars show and
 * the bars themselves are hidden from assistive technology.
 */
export function HorizontalBars({ title, description, items }: { title: string; description?: string; items: readonly BarItem[] }) {
  const id = useId();
  const max = Math.max(1, ...items.map((i) => i.n));
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0">
      <figcaption>
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        {description ? <p className="mt-1 text-xs text-fg-muted">{description}</p> : null}
      </figcaption>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => {
          const text = (
            <span className="flex items-baseline justify-between gap-2 text-sm">
              <span className="truncate">{item.label}</span>
              <span className="font-medium tabular-nums">{item.n}</span>
            </span>
          );
          return (
            <li key={item.label}>
              {item.href ? (
                <Link to={item.href} className="block rounded hover:text-accent">
                  {text}
                </Link>
              ) : (
                text
              )}
              <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-surface-muted">
                <div className="h-2 rounded-full bg-accent" style={{ width: `${(item.n / max) * 100}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
