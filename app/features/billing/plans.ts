/**
 * The upgrade dialog's plans (spec 01 §9, word for word). The cheaper plan grants the subscriber tier and the
 * dearer one premium: see docs/decisions/0010-billing.md for why, given that the dialog's copy and the legacy
 * tier table (49 and 199) disagree.
 */
export interface Plan {
  id: "premium" | "enterprise";
  name: string;
  pricePerMonth: number;
  mostPopular: boolean;
  tier: "subscriber" | "premium";
  includes: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: "premium",
    name: "Premium",
    pricePerMonth: 29,
    mostPopular: true,
    tier: "subscriber",
    includes: [
      "Unlimited company views",
      "Advanced search filters",
      "Export company data",
      "AI-powered insights",
      "Direct contact information",
      "Investment history data",
      "Priority support",
    ],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    pricePerMonth: 99,
    mostPopular: false,
    tier: "premium",
    includes: [
      "Everything in Premium",
      "API access",
      "Bulk data exports",
      "Custom integrations",
      "Advanced analytics",
      "Dedicated account manager",
      "SLA guarantee",
    ],
  },
];

export const PLAN_FOOTER = ["Cancel anytime", "14-day money-back guarantee", "Secure payment"] as const;

export function findPlan(id: unknown): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
