import type { ReactNode } from "react";
import { CountryFlag } from "~/components/ui/country-flag.tsx";
import { capList } from "../../catalog/format.ts";

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
    // Laid out and its badges drawn by the list's one class (.badge-rows in app/app.css): some 125 rows and 300 badges
    // on a page of cards, so a utility list on each label, value and badge was about a third of the page's HTML, and
    // a wrapper per row another 150 elements (issue 33). The label is as tall as one line of badges and at the top, so
    // it sits beside the first line when they wrap.
    <>
      <dt>{label}</dt>
      <dd data-badge-group={group}>{children}</dd>
    </>
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
        // Styled by the row (app.css): see Row.
        <span key={item} title={item}>
          {codes ? <CountryFlag code={codes[item]} /> : null}
          {item}
        </span>
      ))}
      {more > 0 ? (
        <span className="neutral">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">and {more} more</span>
        </span>
      ) : null}
    </Row>
  );
}

/** A single-value row (funding stage, business model). */
export function BadgeValue({ group, value }: { group: BadgeGroup; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Row group={group}>
      <span className="neutral" title={value}>
        {value}
      </span>
    </Row>
  );
}

/** The list the rows go in: labels in a narrow column, badges beside them. */
export function BadgeRows({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={className ? `badge-rows ${className}` : "badge-rows"}>{children}</dl>;
}
