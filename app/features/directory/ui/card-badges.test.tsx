/**
 * The badge rows of a directory card as sent (issue 33, cheaper pages): a page of 25 cards has some 125 rows, and a
 * utility list on each label and each value was about 16 kB of its 175 kB of HTML. The rows take their layout from
 * one class on the list (app/app.css, .badge-rows), and still read "Industries: AI, Software" to a screen reader.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BadgeRow, BadgeRows, BadgeValue } from "./card-badges.tsx";

describe("BadgeRows", () => {
  it("sends each row as a bare term and description, each badge one span, inside one classed list", () => {
    const html = renderToStaticMarkup(
      <BadgeRows className="mt-4">
        <BadgeRow group="industries" items={["AI", "Software"]} />
        <BadgeValue group="stage" value="Seed" />
      </BadgeRows>,
    );
    expect(html).toMatch(/^<dl class="badge-rows mt-4">/);
    expect(html).toContain('<dt>Industries</dt><dd data-badge-group="industries"><span title="AI">AI</span>');
    expect(html).toContain('<dt>Stage</dt><dd data-badge-group="stage"><span class="neutral" title="Seed">Seed</span></dd>');
    // One element a badge, no wrapper a row, no class but the value's tone.
    expect(html).not.toMatch(/<div|<(dt|dd) class=|<span class="(?!neutral")/);
  });
});
