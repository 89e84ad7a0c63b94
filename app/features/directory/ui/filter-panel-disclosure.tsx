import { SlidersHorizontal } from "lucide-react";
import { flushSync } from "react-dom";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";

/**
 * The filter panel below the sidebar layout (Tailwind's `lg`): a disclosure above the results, closed unless opened,
 * and closed again by a change made in it (decision 0085), so the results that change found are in view at once.
 */

/** Which parts of the panel the visitor opened (the panel on a phone, each section), kept by the page across the navigations its filters cause. */
export interface OpenSections {
  isOpen: (title: string) => boolean;
  toggle: (title: string, open: boolean) => void;
}

/** The panel itself, opened with "Show" on screens narrower than the sidebar layout. */
const WHOLE_PANEL = "whole filter panel";
const TOGGLE_ID = "filter-panel-toggle";
const COUNT_ID = "filter-result-count";
/** Below `lg` (64rem), where the panel is a disclosure instead of a sidebar. */
const PHONE_LAYOUT = "(width < 64rem)";

/** Held by the page like the sections: the panel is remounted for every new address. */
export function isPanelOpen(sections: OpenSections): boolean {
  return sections.isOpen(WHOLE_PANEL);
}

/**
 * After a change made in the panel on a phone: the panel closes and focus goes to its toggle, which reads the new
 * count (its description) instead of falling to the page. Answers whether it closed: the caller focuses the toggle
 * again once the panel is remounted for the new address (`focusFilterPanelToggle`). A wide screen keeps its sidebar.
 */
export function closeFilterPanelOnPhone(sections: OpenSections): boolean {
  if (!window.matchMedia(PHONE_LAYOUT).matches || !isPanelOpen(sections)) return false;
  flushSync(() => sections.toggle(WHOLE_PANEL, false));
  focusFilterPanelToggle();
  return true;
}

export function focusFilterPanelToggle(): void {
  document.getElementById(TOGGLE_ID)?.focus();
}

const results = (total: number) => `${total} ${total === 1 ? "result" : "results"}`;

/** On a phone the panel is closed most of the time: what the filters found is said beside it. */
export function ResultCount({ total }: { total: number }) {
  return (
    <p id={COUNT_ID} className="mr-auto text-sm text-fg-muted tabular-nums lg:hidden">
      {results(total)}
    </p>
  );
}

/**
 * A link to the panel before JavaScript (CSS :target shows it), a toggle after: the panel starts closed on small
 * screens either way, so nothing shifts when the page hydrates.
 */
export function PanelToggle({ sections }: { sections: OpenSections }) {
  const hydrated = useHydrated();
  const expanded = isPanelOpen(sections);
  return (
    <a
      id={TOGGLE_ID}
      href="#filter-controls"
      role={hydrated ? "button" : undefined}
      aria-expanded={hydrated ? expanded : undefined}
      aria-controls="filter-controls"
      aria-describedby={COUNT_ID}
      className={buttonClass({ variant: "secondary", size: "sm", className: "lg:hidden" })}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        sections.toggle(WHOLE_PANEL, !expanded);
      }}
    >
      <SlidersHorizontal aria-hidden="true" />
      {expanded ? "Hide" : "Show"}
      <span className="sr-only"> filters</span>
    </a>
  );
}

/** At the foot of the open panel on a phone, always in view: leaves the panel for the results. */
export function ShowResultsButton({ sections, total }: { sections: OpenSections; total: number }) {
  return (
    <div className="sticky bottom-0 mt-2 border-t border-border bg-surface py-3 lg:hidden">
      <Button
        type="button"
        className="w-full"
        onClick={() => {
          flushSync(() => sections.toggle(WHOLE_PANEL, false));
          document.getElementById("results-heading")?.focus();
        }}
      >
        Show {results(total)}
      </Button>
    </div>
  );
}
