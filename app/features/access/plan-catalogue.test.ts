import { describe, expect, it } from "vitest";
import { VISIBILITY_LEVELS } from "#demo/reference-data.ts";
import { hasFeature } from "./features.ts";
import {
  formatIntervalPrice,
  formatMonthlyPrice,
  formatPrice,
  intervalPrice,
  planCatalogue,
  planHighlights,
  SOLD_TIERS,
  tierBenefits,
  type Benefit,
} from "./plan-catalogue.ts";
import { quotaLimits } from "./quotas.ts";
import { LEGACY_TIERS, OUTREACH_CONTENT_LEVELS, resolveTiers, type TierRecord } from "./tier-definitions.ts";
import { ACCESS_LEVELS, type AccessLevel } from "./tiers.ts";

const seeded = () => resolveTiers(VISIBILITY_LEVELS.map((r) => ({ ...r })) as TierRecord[]);

/** Every record the grid below makes for a tier: each limit's edge values, every flag, outreach and integration level. */
function* recordGrid(tier: AccessLevel): Generator<TierRecord> {
  for (const views of [-1, 0, 10, 500, 999999])
    for (const ai of [-1, 0, 50])
      for (let flags = 0; flags < 32; flags++)
        for (const outreach of OUTREACH_CONTENT_LEVELS)
          for (const integration of ["none", "basic", " None ", "full"])
            yield {
              ...LEGACY_TIERS[tier],
              displayName: `Plan ${flags}`,
              monthlyPrice: flags * 3,
              maxCompanyViewsPerMonth: views,
              aiRequestsPerMonth: ai,
              canViewFundingData: (flags & 1) > 0,
              canExportData: (flags & 2) > 0,
              canAccessHistoricalData: (flags & 4) > 0,
              prioritySupport: (flags & 8) > 0,
              apiAccessAllowed: (flags & 16) > 0,
              outreachContentLevel: outreach,
              value8aiIntegrationLevel: integration,
            };
}

const number = (text: string) => Number(text.replace(/,/g, ""));

/**
 * Reads a tier's benefit lines back into claims and checks each against what the quota and feature code grant for
 * the same record: a line the code does not grant, or a grant without its line, is a problem. (Problems are
 * collected rather than asserted one by one: the grid below checks tens of thousands of records.)
 */
function shownVersusGranted(tier: AccessLevel, record: TierRecord, lines: readonly string[]): string[] {
  const problems: string[] = [];
  const limits = quotaLimits(tier, record);
  const granted = (f: string) => hasFeature(f, tier, record);
  const unexplained = new Set(lines);
  const claim = (pattern: RegExp, expected: boolean, figure?: number): void => {
    const matches = lines.map((l) => l.match(pattern)).filter((m): m is RegExpMatchArray => m !== null);
    if (matches.length !== (expected ? 1 : 0))
      problems.push(`${tier}: ${pattern} ${expected ? "missing" : "shown"} in ${JSON.stringify(lines)}`);
    for (const m of matches) {
      unexplained.delete(m.input!);
      if (figure !== undefined && number(m[1]!) !== figure) problems.push(`${tier}: "${m.input}" but the quota is ${figure}`);
    }
  };

  // A free member sees what a visitor sees, which spends no view (decision 0080): views are sold from the paid tiers up.
  const paid = tier !== "public";
  claim(/^Access to .*(listings|profiles)/, true);
  claim(/^Unlimited company views$/, paid && record.maxCompanyViewsPerMonth === -1 && limits.views === 999999);
  claim(/^([\d,]+) company views a month$/, paid && record.maxCompanyViewsPerMonth > 0, limits.views);
  claim(/^Unlimited AI requests$/, record.aiRequestsPerMonth === -1 && limits.aiRequests === 999999);
  claim(/^([\d,]+) AI requests a month$/, record.aiRequestsPerMonth > 0, limits.aiRequests);
  claim(/^Export company data \(([\d,]+) exports a month\)$/, granted("export_data"), limits.exports);
  claim(/^API access \(([\d,]+) calls a month\)$/, granted("api_access"), limits.apiCalls);
  claim(/^Priority support$/, granted("priority_support"));
  // Never sold, whatever the record says (decision 0080): funding data is public to everyone, and no feature reads
  // the historical-data, outreach or integration flags yet, so no tier withholds any of them.
  claim(/funding/i, false);
  claim(/historical/i, false);
  claim(/outreach/i, false);
  claim(/integration/i, false);
  for (const line of unexplained) problems.push(`${tier}: no grant explains "${line}"`);
  return problems;
}

describe("tierBenefits: what is shown equals what is granted", () => {
  it("for the seeded tier records and the legacy fallback", () => {
    for (const tiers of [seeded().tiers, LEGACY_TIERS]) {
      for (const tier of ACCESS_LEVELS) expect(shownVersusGranted(tier, tiers[tier], planCatalogue({ tiers })[tier].benefits)).toEqual([]);
    }
  });

  it("for every combination of limits, flags and levels a tier record can hold", () => {
    let checked = 0;
    const problems: string[] = [];
    for (const tier of ACCESS_LEVELS) {
      for (const record of recordGrid(tier)) {
        problems.push(
          ...shownVersusGranted(
            tier,
            record,
            tierBenefits(tier, record).map((b) => b.text),
          ),
        );
        checked++;
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(checked).toBe(3 * 5 * 3 * 32 * 4 * 4);
  });

  it("never shows the spec's selling points that no tier record grants", () => {
    const sold = [
      "Advanced search filters",
      "AI-powered insights",
      "Direct contact information",
      "Bulk data exports",
      "Custom integrations",
      "Advanced analytics",
      "Dedicated account manager",
      "SLA guarantee",
    ];
    const { tiers } = seeded();
    const catalogue = planCatalogue({ tiers });
    for (const tier of ACCESS_LEVELS) {
      for (const line of [...catalogue[tier].benefits, ...catalogue[tier].highlights]) expect(sold).not.toContain(line);
    }
  });
});

describe("planCatalogue", () => {
  it("names and prices each plan from its tier record, and its limits are the quota code's", () => {
    const edited: TierRecord = { ...LEGACY_TIERS.subscriber, id: 2, displayName: "Growth", monthlyPrice: 39, maxCompanyViewsPerMonth: 750 };
    for (const tiers of [seeded().tiers, LEGACY_TIERS, resolveTiers([edited]).tiers]) {
      const catalogue = planCatalogue({ tiers });
      for (const tier of ACCESS_LEVELS) {
        expect(catalogue[tier]).toMatchObject({ tier, name: tiers[tier].displayName, monthlyPrice: tiers[tier].monthlyPrice });
        expect(catalogue[tier].limits).toEqual(quotaLimits(tier, tiers[tier]));
      }
    }
    const growth = planCatalogue(resolveTiers([edited])).subscriber;
    expect(growth.benefits).toContain("750 company views a month");
    expect(growth.benefits[0]).toBe("Access to listings and profile details for Growth members");
  });

  it("sells the seeded tiers as decision 0080 records: each plan named after its tier, Subscriber $29 or $290 a year (Most Popular), Premium $99 or $990", () => {
    const catalogue = planCatalogue(seeded());
    expect(
      SOLD_TIERS.map((t) => [t, catalogue[t].name, catalogue[t].monthlyPrice, catalogue[t].annualPrice, catalogue[t].mostPopular]),
    ).toEqual([
      ["subscriber", "Subscriber", 29, 290, true],
      ["premium", "Premium", 99, 990, false],
    ]);
    expect(catalogue.public).toMatchObject({ name: "Free", monthlyPrice: 0, annualPrice: 0, mostPopular: false });
    expect(catalogue.public.benefits).toEqual(["Access to public listings and profile details"]);
    expect(catalogue.subscriber.highlights).toEqual([
      "Access to listings and profile details for Subscriber members",
      "500 company views a month",
      "Export company data (1,000 exports a month)",
      "50 AI requests a month",
    ]);
    expect(catalogue.subscriber.highlights).toEqual(catalogue.subscriber.benefits);
    expect(catalogue.premium.highlights).toEqual([
      "Everything in Subscriber",
      "Access to full directory listings and profiles",
      "Unlimited company views",
      "500 AI requests a month",
      "API access (10,000 calls a month)",
      "Priority support",
    ]);
  });

  it("the legacy fallback sells the same names and prices as the seeded records", () => {
    const fromRecords = planCatalogue(seeded());
    const fallback = planCatalogue(resolveTiers(null));
    for (const tier of ACCESS_LEVELS) expect(fallback[tier]).toEqual(fromRecords[tier]);
  });
});

describe("planHighlights: 'Everything in X' only when it is true", () => {
  const lines = (tier: AccessLevel, record: TierRecord) => tierBenefits(tier, record);

  it("lists a dearer plan in full when an operator gave it less of something than the cheaper one", () => {
    const subscriber = lines("subscriber", LEGACY_TIERS.subscriber);
    for (const less of [{ maxCompanyViewsPerMonth: 100 }, { aiRequestsPerMonth: 0 }, { canExportData: false }]) {
      const premium = lines("premium", { ...LEGACY_TIERS.premium, ...less });
      const shown = planHighlights(premium, { name: "Premium", benefits: subscriber });
      expect(shown).toEqual(premium.map((b) => b.text));
      expect(shown.some((l) => l.startsWith("Everything in"))).toBe(false);
    }
  });

  it("for every pair of grid records: the shorthand plus the cheaper plan's lines stand for exactly the dearer plan's lines", () => {
    const cheaperRecords = [...recordGrid("subscriber")].filter((_, i) => i % 211 === 0);
    const dearerRecords = [...recordGrid("premium")].filter((_, i) => i % 197 === 0);
    let shorthands = 0;
    for (const cheap of cheaperRecords) {
      const cheaper = lines("subscriber", cheap);
      for (const dear of dearerRecords) {
        const dearer = lines("premium", dear);
        const shown = planHighlights(dearer, { name: "Cheap", benefits: cheaper });
        const own = dearer.map((b) => b.text);
        if (shown[0] !== "Everything in Cheap") {
          expect(shown).toEqual(own);
          continue;
        }
        shorthands++;
        // Everything the cheaper plan has, the dearer has at least as much of ...
        const byKey = new Map<string, Benefit>(dearer.map((b) => [b.key, b]));
        for (const b of cheaper) expect(byKey.get(b.key)?.amount ?? -1).toBeGreaterThanOrEqual(b.amount);
        // ... every other line shown is one of its own, and none of its own is left unsaid.
        const rest = shown.slice(1);
        for (const line of rest) expect(own).toContain(line);
        const cheaperTexts = new Set(cheaper.map((b) => b.text));
        for (const line of own) expect(rest.includes(line) || cheaperTexts.has(line)).toBe(true);
      }
    }
    expect(shorthands).toBeGreaterThan(0);
  });
});

describe("prices", () => {
  it("are whole dollars per month or per year", () => {
    expect(formatPrice(29)).toBe("$29");
    expect(formatPrice(1200)).toBe("$1,200");
    expect(formatMonthlyPrice(99)).toBe("$99 per month");
    expect(formatMonthlyPrice(0)).toBe("$0 per month");
    expect(formatIntervalPrice(990, "annual")).toBe("$990 per year");
    expect(formatIntervalPrice(29, "monthly")).toBe("$29 per month");
  });

  it("a plan without an annual price is not sold by the year", () => {
    expect(intervalPrice({ monthlyPrice: 29, annualPrice: 290 }, "annual")).toBe(290);
    expect(intervalPrice({ monthlyPrice: 29, annualPrice: 0 }, "annual")).toBeNull();
    expect(intervalPrice({ monthlyPrice: 29, annualPrice: 0 }, "monthly")).toBe(29);
  });
});
