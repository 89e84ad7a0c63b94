import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { GATED_FIELDS, type GatedField, type LockedField, type VisibleListing } from "../catalog/listing-types.ts";
import { detail, teaser } from "#test-support/viewer-listings.ts";
import { PAYWALLED_CLASS, paywalledSections } from "./gated-sections.ts";
import { NO_PORTFOLIO } from "./investor-portfolio.ts";
import { InvestorProfile } from "./investor-profile.tsx";
import { LockedProfile } from "./locked-profile.tsx";
import { PartnerProfile } from "./partner-profile.tsx";
import { StartupProfile } from "./startup-profile.tsx";

const LOCK: LockedField = { requiredTier: "subscriber", placeholder: "Premium content", message: "Upgrade to unlock premium data" };
const ALL: GatedField[] = [...GATED_FIELDS];

function listing(type: VisibleListing["type"], locked: GatedField[]): VisibleListing {
  return { ...detail({ type }), lockedFields: Object.fromEntries(locked.map((field) => [field, LOCK])) };
}

function render(l: VisibleListing): string {
  const view =
    l.type === "investor" ? (
      <InvestorProfile listing={l} portfolio={NO_PORTFOLIO} matches={{ status: "none" }} />
    ) : l.type === "partner" ? (
      <PartnerProfile listing={l} similar={[]} />
    ) : (
      <StartupProfile listing={l} similar={[]} matches={{ status: "none" }} />
    );
  return inRouter(view);
}

/** Rendered inside a data router, as the pages are (the gates read the root route's data). */
function inRouter(node: ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToString(<Stub />);
}

const marked = (html: string) => html.match(new RegExp(`class="(?:[^"]* )?${PAYWALLED_CLASS}[ "]`, "g"))?.length ?? 0;

describe("paywalled sections", () => {
  for (const type of ["startup", "investor", "partner"] as const) {
    it(`${type}: every gated section drawn carries the class, and only those`, () => {
      for (const locked of [
        [],
        ALL,
        ["team"],
        ["keyUseCases"],
        ["revenueRange", "faqs"],
        ["phone", "contactEmail"],
        ["hqStreet"],
      ] as GatedField[][]) {
        const l = listing(type, locked);
        expect(marked(render(l)), `${type} with ${locked.join(",") || "nothing"} locked`).toBe(paywalledSections(l).length);
      }
    });
  }

  it("draws a street and postal code locked alike as one address section, and a phone locked otherwise as its own", () => {
    const address: LockedField = { requiredTier: "subscriber", placeholder: "", message: "Subscribe to see the full address" };
    const phone: LockedField = { requiredTier: "premium", placeholder: "", message: "Upgrade to access executive contacts" };
    const l: VisibleListing = { ...detail({ type: "startup" }), lockedFields: { hqStreet: address, hqPostalCode: address, phone } };
    const html = render(l);
    expect(html.split("Subscribe to see the full address").length - 1).toBe(1);
    expect(html).toContain("to unlock <!-- -->the street address and the postal code");
    expect(marked(html)).toBe(2);
    expect(paywalledSections(l)).toHaveLength(2);
  });

  it("a locked teaser's panel carries the class", () => {
    expect(marked(inRouter(<LockedProfile teaser={teaser()} />))).toBe(1);
  });
});
