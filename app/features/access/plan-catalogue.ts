import { hasFeature } from "./features.ts";
import { quotaLimits, type QuotaLimits } from "./quotas.ts";
import { UNLIMITED, type ResolvedTiers, type TierRecord } from "./tier-definitions.ts";
import { ACCESS_LEVELS, TIER_RANK, type AccessLevel } from "./tiers.ts";

/**
 * The plan catalogue (docs/decisions/0037-plan-catalogue.md): each tier's name, price and benefits, read from its
 * tier record and nothing else, so the upgrade dialog, settings and the access-control page say what the quotas
 * and gates then grant. A benefit line exists only for something the record grants, in the figure it grants.
 */

/** The tiers the upgrade dialog sells, cheapest first: public is what everyone has without paying. */
export const SOLD_TIERS = ["subscriber", "premium"] as const;
export type SoldTier = (typeof SOLD_TIERS)[number];

export function isSoldTier(value: unknown): value is SoldTier {
  return (SOLD_TIERS as readonly unknown[]).includes(value);
}

/** Spec 01 §9 marks the cheaper plan "Most Popular"; it is marketing, not a grant, so it is not in the record. */
const MOST_POPULAR_TIER: SoldTier = "subscriber";

export type BenefitKey = "access" | "views" | "export" | "ai" | "api" | "support";

export interface Benefit {
  key: BenefitKey;
  text: string;
  /** How much of it the tier grants, to compare two tiers: "Everything in X" holds only when no line is smaller. */
  amount: number;
}

export interface Plan {
  tier: AccessLevel;
  name: string;
  monthlyPrice: number;
  /** A year paid at once; 0 when the plan is not sold by the year. */
  annualPrice: number;
  mostPopular: boolean;
  /** The monthly limits the quota code enforces for this tier (the same function, the same record). */
  limits: QuotaLimits;
  /** Everything the tier grants, one line each (settings). */
  benefits: string[];
  /** The upgrade dialog's lines: "Everything in {cheaper plan}" and what this one adds, when that is true. */
  highlights: string[];
}

export type PlanCatalogue = Record<AccessLevel, Plan>;

const count = (n: number) => n.toLocaleString("en-US");

/** "$29": whole dollars, as tier records hold them. */
export function formatPrice(price: number): string {
  return `$${count(price)}`;
}

/** "$29 per month". */
export function formatMonthlyPrice(price: number): string {
  return `${formatPrice(price)} per month`;
}

/** How a plan is paid: every month, or a year at once. */
export const BILLING_INTERVALS = ["monthly", "annual"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The price of a plan for an interval, or null when the plan is not sold that way (no annual price). */
export function intervalPrice(plan: Pick<Plan, "monthlyPrice" | "annualPrice">, interval: BillingInterval): number | null {
  if (interval === "monthly") return plan.monthlyPrice;
  return plan.annualPrice > 0 ? plan.annualPrice : null;
}

/** "$29 per month", "$290 per year". */
export function formatIntervalPrice(price: number, interval: BillingInterval): string {
  return `${formatPrice(price)} per ${interval === "monthly" ? "month" : "year"}`;
}

/** "the Subscriber and Premium plans": the plans of these tiers, as the catalogue names them. */
export function plansNamed(catalogue: PlanCatalogue, tiers: readonly AccessLevel[]): string {
  const names = tiers.map((tier) => catalogue[tier].name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
  return `the ${list} plan${names.length > 1 ? "s" : ""}`;
}

/** Every way a plan is sold, in words: "$29 per month or $290 per year", "$0 per month" for the free plan. */
export function planPriceText(plan: Pick<Plan, "monthlyPrice" | "annualPrice">): string {
  const annual = intervalPrice(plan, "annual");
  return annual === null || plan.monthlyPrice === 0
    ? formatMonthlyPrice(plan.monthlyPrice)
    : `${formatMonthlyPrice(plan.monthlyPrice)} or ${formatIntervalPrice(annual, "annual")}`;
}

/**
 * Said beside every price in demo billing (DESIGN D17): choosing a plan there grants it at once and nobody pays, so a
 * price must not read as a charge.
 */
export const DEMO_PRICE_NOTE = "Demo: no payment is taken";

/** Which listings and fields a tier opens: those at or below its level (canSee), named by the plans' names. */
function accessBenefit(tier: AccessLevel, name: string): Benefit {
  const amount = TIER_RANK[tier];
  if (tier === "premium") return { key: "access", text: "Access to full directory listings and profiles", amount };
  if (tier === "subscriber") return { key: "access", text: `Access to listings and profile details for ${name} members`, amount };
  return { key: "access", text: "Access to public listings and profile details", amount };
}

/** A monthly allowance: -1 is unlimited, 0 grants nothing (no line), anything else is that many a month. */
function allowance(key: BenefitKey, value: number, unlimited: string, perMonth: string): Benefit | null {
  if (value === UNLIMITED) return { key, text: unlimited, amount: Number.POSITIVE_INFINITY };
  return value > 0 ? { key, text: `${count(value)} ${perMonth} a month`, amount: value } : null;
}

/**
 * What one tier's record grants, as lines a buyer reads: only what the product withholds from those without it
 * (docs/decisions/0080-one-plan-catalogue.md). So no line for a free member's views (they see what a visitor sees,
 * which spends none), for funding data (public to everyone), or for the record's flags no feature reads yet
 * (historical data, outreach content, the Value8 integration): a plan never sells what everyone has or nobody gets.
 */
export function tierBenefits(tier: AccessLevel, record: TierRecord): Benefit[] {
  const limits = quotaLimits(tier, record);
  const granted = (feature: string) => hasFeature(feature, tier, record);
  const lines: Array<Benefit | null> = [
    accessBenefit(tier, record.displayName),
    tier === "public" ? null : allowance("views", record.maxCompanyViewsPerMonth, "Unlimited company views", "company views"),
    granted("export_data")
      ? { key: "export", text: `Export company data (${count(limits.exports)} exports a month)`, amount: limits.exports }
      : null,
    allowance("ai", record.aiRequestsPerMonth, "Unlimited AI requests", "AI requests"),
    granted("api_access") ? { key: "api", text: `API access (${count(limits.apiCalls)} calls a month)`, amount: limits.apiCalls } : null,
    granted("priority_support") ? { key: "support", text: "Priority support", amount: 1 } : null,
  ];
  return lines.filter((line): line is Benefit => line !== null);
}

/**
 * The dialog's lines for a plan above a cheaper one: "Everything in {cheaper}" and the lines that add to it, but
 * only when the dearer plan really has everything the cheaper one has (an operator may have made it otherwise);
 * if not, its own lines in full.
 */
export function planHighlights(own: readonly Benefit[], cheaper: { name: string; benefits: readonly Benefit[] } | null): string[] {
  if (!cheaper) return own.map((b) => b.text);
  const mine = new Map(own.map((b) => [b.key, b]));
  const covers = cheaper.benefits.every((b) => (mine.get(b.key)?.amount ?? -1) >= b.amount);
  if (!covers) return own.map((b) => b.text);
  const before = new Map(cheaper.benefits.map((b) => [b.key, b]));
  const added = own.filter((b) => {
    const was = before.get(b.key);
    return !was || was.amount < b.amount || was.text !== b.text;
  });
  return [`Everything in ${cheaper.name}`, ...added.map((b) => b.text)];
}

/** Every tier's plan, from the tier table in force (records, or the legacy definitions where none could be read). */
export function planCatalogue({ tiers }: Pick<ResolvedTiers, "tiers">): PlanCatalogue {
  const benefits = Object.fromEntries(ACCESS_LEVELS.map((tier) => [tier, tierBenefits(tier, tiers[tier])])) as Record<
    AccessLevel,
    Benefit[]
  >;
  const plan = (tier: AccessLevel): Plan => {
    const record = tiers[tier];
    // The next cheaper plan on sale: none for public (not sold) or for the cheapest sold plan.
    const below = SOLD_TIERS[SOLD_TIERS.indexOf(tier as SoldTier) - 1];
    return {
      tier,
      name: record.displayName,
      monthlyPrice: record.monthlyPrice,
      annualPrice: record.annualPrice,
      mostPopular: tier === MOST_POPULAR_TIER,
      limits: quotaLimits(tier, record),
      benefits: benefits[tier].map((b) => b.text),
      highlights: planHighlights(benefits[tier], below ? { name: tiers[below].displayName, benefits: benefits[below] } : null),
    };
  };
  return { public: plan("public"), subscriber: plan("subscriber"), premium: plan("premium") };
}
