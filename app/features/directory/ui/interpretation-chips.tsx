import { X } from "lucide-react";
import type { InterpretationView } from "../interpretation-view.ts";

/**
 * The filters a search's words became (decision 0083), each a link that takes it away, and a link to search the
 * words as typed: "Startups · FinTech · searching instead for 'fintech startups'". Plain links, so no script needed.
 */
export function InterpretationChips({ interpretation, pathname }: { interpretation: InterpretationView; pathname: string }) {
  return (
    <div role="status" aria-label="How your search was read" className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-fg-muted">Showing</span>
      <ul className="flex flex-wrap gap-2">
        {interpretation.chips.map((chip) => (
          <li key={chip.label}>
            <a
              href={`${pathname}?${chip.removeParams}`}
              aria-label={`Remove ${chip.label} (from "${chip.words}")`}
              title={`From "${chip.words}": remove this filter`}
              className="inline-flex min-h-8 items-center gap-1 rounded-full border border-border bg-surface-muted px-3 py-1 font-medium hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
            >
              {chip.label}
              <X className="size-3.5" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
      <span className="text-fg-muted">
        ·{" "}
        <a href={`${pathname}?${interpretation.literalParams}`} className="text-accent underline underline-offset-2 hover:no-underline">
          Search instead for “{interpretation.original}”
        </a>
      </span>
    </div>
  );
}
