import { textPreview } from "./placeholders.ts";
import { describe, expect, it } from "vitest";
import { GATED_FIELDS, type ListingCard, type ListingDetail } from "../catalog/listing-types.ts";
import { gateDirectoryItem, redactListing, requiredLevel, type FieldRules } from "./redact-listing.ts";
import type { AccessLevel } from "./tiers.ts";

function card(visibility: AccessLevel | string = "subscriber"): Omit<ListingCard, "locked"> {
  return {
    id: "3f1c",
    slug: "nimbus-labs",
    type: "startup",
    name: "Nimbus Labs",
    logo: "https://nimbuslabs.example/logo.png",
    tagline: "Smarter decisions for FinTech teams",
    industry: ["FinTech", "AI", "Software"],
    geography: ["Europe", "Asia"],
    fundingStage: "Seed",
    featured: true,
    businessModel: "success_only",
    countries: ["Germany", "Japan"],
    targetPersonas: ["CFO", "CTO"],
    listingVisibility: visibility as AccessLevel,
  };
}

const LONG_PROBLEM = `${"Finance teams lose weeks to manual work. ".repeat(3)}PROBLEM-SECRET-TAIL that only subscribers may read.`;

function detail(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    ...card("public"),
    description: "Nimbus Labs builds software for finance teams.",
    websiteUrl: "https://nimbuslabs.example",
    linkedinUrl: null,
    revenueRange: "1m_to_5m",
    problem: LONG_PROBLEM,
    solution: `${"One workflow for the whole finance stack, automated end to end. ".repeat(2)}SOLUTION-SECRET`,
    timing: "TIMING-SECRET: budgets are shifting.",
    howItWorks: ["STEP-SECRET connect data", "Automate"],
    keyUseCases: [{ title: "USECASE-SECRET reporting", description: null }],
    team: [{ name: "Ava Chen", title: "CEO", photo: null, linkedin: "https://www.linkedin.com/in/ava-chen" }],
    faqs: [{ question: "FAQ-SECRET?", answer: "Yes." }],
    hqStreet: "STREET-SECRET 1 Market St",
    hqCity: "San Francisco",
    hqRegion: "CA",
    hqPostalCode: "POSTCODE-SECRET",
    phone: "+14155552671",
    contactEmail: "EMAIL-SECRET@nimbuslabs.example",
    fieldVisibility: {},
    teamSize: "11-50",
    foundedYear: 2019,
    investorType: null,
    ticketSize: null,
    aum: null,
    stageFocus: null,
    amountRaised: 2_500_000,
    totalFundingRaised: 2_500_000,
    latestRoundType: "seed",
    latestRoundDate: "2024-03-01",
    latestRoundAmount: 2_500_000,
    fundingRoundCount: 1,
    fundingRounds: [],
    ...overrides,
  };
}

const ALL_SUBSCRIBER: FieldRules = {
  revenueRange: "subscriber",
  problem: "subscriber",
  solution: "subscriber",
  timing: "subscriber",
  howItWorks: "subscriber",
  keyUseCases: "subscriber",
  team: "subscriber",
  faqs: "subscriber",
};

describe("gateDirectoryItem", () => {
  it("turns a listing above the viewer's tier into a teaser holding only the teaser fields", () => {
    const teaser = gateDirectoryItem(card("subscriber"), { tier: "public" });
    expect(Object.keys(teaser).sort()).toEqual(
      [
        "locked",
        "id",
        "slug",
        "type",
        "name",
        "logo",
        "tagline",
        "industry",
        "geography",
        "fundingStage",
        "featured",
        "listingVisibility",
      ].sort(),
    );
    expect(teaser).toMatchObject({
      locked: true,
      name: "Nimbus Labs",
      industry: ["FinTech", "AI"],
      geography: ["Europe"],
      fundingStage: "Seed",
    });
    const json = JSON.stringify(teaser);
    for (const hidden of ["Germany", "Japan", "CFO", "CTO", "success_only", "Software", "Asia"]) expect(json).not.toContain(hidden);
  });

  it("locks premium listings for subscribers, and nothing for premium viewers", () => {
    expect(gateDirectoryItem(card("premium"), { tier: "subscriber" }).locked).toBe(true);
    expect(gateDirectoryItem(card("premium"), { tier: "premium" }).locked).toBe(false);
    expect(gateDirectoryItem(card("subscriber"), { tier: "subscriber" }).locked).toBe(false);
  });

  it("returns a listing the viewer may see in full", () => {
    const item = gateDirectoryItem(card("public"), { tier: "public" });
    expect(item).toEqual({ ...card("public"), locked: false });
  });

  it("treats an unknown visibility as public", () => {
    expect(gateDirectoryItem(card("gold"), { tier: "public" }).locked).toBe(false);
  });
});

describe("requiredLevel", () => {
  it("takes the listing's own setting over the global rule, and public when neither says", () => {
    expect(requiredLevel("team", { fieldVisibility: {} }, { team: "premium" })).toBe("premium");
    expect(requiredLevel("team", { fieldVisibility: { team: "public" } }, { team: "premium" })).toBe("public");
    expect(requiredLevel("faqs", { fieldVisibility: { faqs: "subscriber" } }, {})).toBe("subscriber");
    expect(requiredLevel("faqs", { fieldVisibility: {} }, {})).toBe("public");
    expect(requiredLevel("faqs", { fieldVisibility: { faqs: "vip" as AccessLevel } }, {})).toBe("public");
  });
});

describe("contact and location defaults (decision 0066)", () => {
  it("closes street, postal code, phone and contact e-mail when no rule names them, and keeps city and region open", () => {
    const none = { fieldVisibility: {} };
    expect(requiredLevel("hqStreet", none, {})).toBe("subscriber");
    expect(requiredLevel("hqPostalCode", none, {})).toBe("subscriber");
    expect(requiredLevel("phone", none, {})).toBe("premium");
    expect(requiredLevel("contactEmail", none, {})).toBe("premium");
    expect(requiredLevel("hqCity", none, {})).toBe("public");
    expect(requiredLevel("hqRegion", none, {})).toBe("public");
  });

  it("lets a global rule or the listing's own setting open or close them", () => {
    expect(requiredLevel("phone", { fieldVisibility: {} }, { phone: "public" })).toBe("public");
    expect(requiredLevel("phone", { fieldVisibility: { phone: "subscriber" } }, { phone: "public" })).toBe("subscriber");
    expect(requiredLevel("hqCity", { fieldVisibility: {} }, { hqCity: "premium" })).toBe("premium");
  });

  it("sends a public viewer neither the street, the postal code, the phone nor the e-mail", () => {
    const visible = redactListing(detail(), { tier: "public" }, {})!;
    const json = JSON.stringify(visible);
    for (const secret of ["STREET-SECRET", "POSTCODE-SECRET", "4155552671", "415555", "EMAIL-SECRET"]) {
      expect(json).not.toContain(secret);
    }
    expect(visible).toMatchObject({ hqStreet: null, hqPostalCode: null, phone: null, contactEmail: null, hqCity: "San Francisco" });
    expect(visible.lockedFields.phone).toMatchObject({ requiredTier: "premium", message: "Upgrade to access executive contacts" });
    expect(visible.lockedFields.hqStreet).toEqual({
      requiredTier: "subscriber",
      placeholder: "",
      message: "Subscribe to see the full address",
    });
  });

  it("gives a premium viewer all of them", () => {
    const visible = redactListing(detail(), { tier: "premium" }, {})!;
    expect(visible).toMatchObject({
      hqStreet: "STREET-SECRET 1 Market St",
      phone: "+14155552671",
      contactEmail: "EMAIL-SECRET@nimbuslabs.example",
    });
    expect(visible.lockedFields).toEqual({});
  });
});

describe("redactListing", () => {
  it("returns null for a listing above the viewer's tier", () => {
    expect(redactListing(detail({ listingVisibility: "premium" }), { tier: "subscriber" }, {})).toBeNull();
    expect(redactListing(detail({ listingVisibility: "subscriber" }), { tier: "public" }, {})).toBeNull();
  });

  it("leaves every gated value out of what is sent, and describes each with its placeholder", () => {
    const visible = redactListing(detail(), { tier: "public" }, ALL_SUBSCRIBER)!;
    const json = JSON.stringify(visible);
    for (const secret of [
      "1m_to_5m",
      "PROBLEM-SECRET-TAIL",
      "SOLUTION-SECRET",
      "TIMING-SECRET",
      "STEP-SECRET",
      "USECASE-SECRET",
      "Ava Chen",
      "ava-chen",
      "FAQ-SECRET",
    ]) {
      expect(json).not.toContain(secret);
    }
    expect(visible).toMatchObject({
      revenueRange: null,
      problem: null,
      solution: null,
      timing: null,
      howItWorks: [],
      keyUseCases: [],
      team: [],
      faqs: [],
    });
    expect(visible.lockedFields.revenueRange).toEqual({
      requiredTier: "subscriber",
      placeholder: "$X.XM+",
      message: "Upgrade to unlock revenue data",
    });
    expect(visible.lockedFields.problem!.placeholder).toBe(textPreview(LONG_PROBLEM));
    expect(visible.lockedFields.team).toEqual({
      requiredTier: "subscriber",
      placeholder: "Team profiles available",
      message: "Upgrade to view executive team details",
    });
    expect(visible.lockedFields.timing!.message).toBe("Subscribe to view market analysis");
    expect(visible.lockedFields.howItWorks!.message).toBe("Subscribe to view business model");
    expect(visible.lockedFields.keyUseCases!.message).toBe("Subscribe to explore use cases");
    expect(visible.lockedFields.faqs).toEqual({
      requiredTier: "subscriber",
      placeholder: "Premium content",
      message: "Upgrade to unlock premium data",
    });
    // Ungated fields pass through.
    expect(visible.description).toBe("Nimbus Labs builds software for finance teams.");
    expect(visible.name).toBe("Nimbus Labs");
  });

  it("shows everything the viewer's tier reaches and locks only what is above it", () => {
    const rules: FieldRules = { revenueRange: "subscriber", team: "premium" };
    const asSubscriber = redactListing(detail(), { tier: "subscriber" }, rules)!;
    expect(asSubscriber.revenueRange).toBe("1m_to_5m");
    expect(asSubscriber.team).toEqual([]);
    // phone and contact e-mail are premium by default (decision 0066)
    expect(Object.keys(asSubscriber.lockedFields)).toEqual(["team", "phone", "contactEmail"]);
    expect(asSubscriber.lockedFields.team!.requiredTier).toBe("premium");

    const asPremium = redactListing(detail(), { tier: "premium" }, rules)!;
    expect(asPremium.lockedFields).toEqual({});
    expect(asPremium.team).toHaveLength(1);
    expect(asPremium.problem).toBe(LONG_PROBLEM);
  });

  it("lets a listing's own field setting override the global rule both ways", () => {
    const opened = redactListing(detail({ fieldVisibility: { team: "public" } }), { tier: "public" }, { team: "premium" })!;
    expect(opened.team).toHaveLength(1);
    expect(opened.lockedFields.team).toBeUndefined();

    const closed = redactListing(detail({ fieldVisibility: { faqs: "premium" } }), { tier: "subscriber" }, {})!;
    expect(closed.faqs).toEqual([]);
    expect(closed.lockedFields.faqs!.requiredTier).toBe("premium");
    expect(JSON.stringify(closed)).not.toContain("FAQ-SECRET");
  });

  it("draws a lock over a locked field whether it is empty or not, so the lock does not tell which (issue 29)", () => {
    const empty = detail({
      problem: null,
      solution: null,
      timing: null,
      revenueRange: null,
      howItWorks: [],
      keyUseCases: [],
      team: [],
      faqs: [],
      hqStreet: null,
      hqPostalCode: null,
      phone: null,
      contactEmail: null,
    });
    const visible = redactListing(empty, { tier: "public" }, ALL_SUBSCRIBER)!;
    const filled = redactListing(detail(), { tier: "public" }, ALL_SUBSCRIBER)!;
    expect(Object.keys(visible.lockedFields).sort()).toEqual(Object.keys(filled.lockedFields).sort());
    expect(Object.keys(visible.lockedFields).sort()).toEqual(
      [...Object.keys(ALL_SUBSCRIBER), "hqStreet", "hqPostalCode", "phone", "contactEmail"].sort(),
    );
    expect(visible.problem).toBeNull();
    expect(visible.howItWorks).toEqual([]);
    // The spec's empty-money text (spec 01 §6: "'$X.X Million' when empty").
    expect(visible.lockedFields.revenueRange).toEqual({
      requiredTier: "subscriber",
      placeholder: "$X.X Million",
      message: "Upgrade to unlock revenue data",
    });
  });

  it("sends the same bytes whether a field the viewer may not see is empty, set or changed (issue 29)", () => {
    // Every gated field premium on this listing; the spec's two value-made teasers (a text preview, a money magnitude,
    // decision 0070) are left as they are here and checked above for their lock only.
    const premium = { fieldVisibility: Object.fromEntries(GATED_FIELDS.map((field) => [field, "premium"])) };
    const versions = [
      detail(premium),
      detail({
        ...premium,
        timing: "Another reason, much longer than the first one, about why the time is right for this now.",
        howItWorks: ["One", "Two", "Three", "Four"],
        keyUseCases: [{ title: "Other", description: "Other words" }],
        team: [
          { name: "Bo Li", title: null, photo: null, linkedin: null },
          { name: "Carmen Ruiz-Ortega", title: "CTO", photo: "https://x.example/p.png", linkedin: null },
        ],
        faqs: [],
        hqStreet: "9 Rue de Rivoli",
        hqCity: "Paris",
        hqRegion: null,
        hqPostalCode: "75001",
        phone: "+33142685300",
        contactEmail: "bonjour@une-tres-longue-adresse.example",
      }),
      detail({
        ...premium,
        timing: null,
        howItWorks: [],
        keyUseCases: [],
        team: [],
        faqs: [],
        hqStreet: null,
        hqCity: null,
        hqRegion: null,
        hqPostalCode: null,
        phone: null,
        contactEmail: null,
      }),
    ];
    for (const tier of ["public", "subscriber"] as const) {
      const sent = new Set(versions.map((listing) => JSON.stringify(redactListing(listing, { tier }, ALL_SUBSCRIBER))));
      expect([...sent], `what a ${tier} viewer receives`).toHaveLength(1);
    }
  });

  it("does not change the listing it was given", () => {
    const original = detail();
    const copy = structuredClone(original);
    redactListing(original, { tier: "public" }, ALL_SUBSCRIBER);
    expect(original).toEqual(copy);
  });
});
