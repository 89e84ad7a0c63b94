import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { CountryFlag } from "~/components/ui/country-flag.tsx";
import { capList } from "../catalog/format.ts";

/**
 * The badge groups of a card, each on its own row under a visible label (issue 15 §8): "Aerospace" alone could be an
 * industry, a region's name or a persona's. A description list, so a screen reader announces "Industries: AI,
 * Software, and 2 more" as a sighted reader sees it.
 */
const BADGE_GROUPS = {
  industries: { label: "Industries" },
  regions: { label: "Regions" },
  stage: { label: "Stage" },
  personas: { label: "Personas" },
  model: { label: "Model" },
  countries: { label: "Countries" },
  raised: { label: "Raised" },
  round: { label: "Last round" },
} as const satisfies Record<string, { label: string }>;
export type BadgeGroup = keyof typeof BADGE_GROUPS;

function Row({ group, children }: { group: BadgeGroup; children: ReactNode }) {
  // Text only: an icon per label added 1 kB to the first load (its budget is 150 kB) and said nothing the word
  // beside it did not.
  const { label } = BADGE_GROUPS[group];
  return (
    <div className="contents" data-badge-group={group}>
      {/* As tall as one line of badges and at the top, so the label sits beside the first line when they wrap. */}
      <dt className="flex min-h-[1.375rem] items-center self-start text-xs text-fg-muted">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-1.5">{children}</dd>
    </div>
  );
}

/** One labelled row of badges, capped with a "+N" (spec 01 §2's caps); nothing when the list is empty. */
export function BadgeRow({
  group,
  items,
  cap = Infinity,
  codes,
}: {
  group: BadgeGroup;
  items: readonly string[];
  cap?: number;
  /** Countries only: each name's ISO code, for its flag. */
  codes?: Readonly<Record<string, string | undefined>>;
}) {
  if (!items.length) return null;
  const { shown, more } = capList(items, cap);
  return (
    <Row group={group}>
      {shown.map((item) => (
        // One line each: a long name ("United Arab Emirates") is cut with an ellipsis, and the title shows it whole.
        <Badge key={item} variant="outline" className="max-w-full" title={item}>
          {codes ? <CountryFlag code={codes[item]} /> : null}
          <span className="truncate">{item}</span>
        </Badge>
      ))}
      {more > 0 ? (
        <Badge variant="neutral">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">and {more} more</span>
        </Badge>
      ) : null}
    </Row>
  );
}

/** A single-value row (funding stage, business model). */
export function BadgeValue({ group, value }: { group: BadgeGroup; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Row group={group}>
      <Badge variant="neutral" className="max-w-full" title={value}>
        <span className="truncate">{value}</span>
      </Badge>
    </Row>
  );
}

/** The list the rows go in: labels in a narrow column, badges beside them. */
export function BadgeRows({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={`grid grid-cols-[5.75rem_minmax(0,1fr)] gap-x-2 gap-y-2 ${className ?? ""}`}>{children}</dl>;
}
