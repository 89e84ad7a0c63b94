/**
 * The upgrade dialog's fixed texts (spec 01 §2, §9). The plans themselves, their names, prices and benefits, are
 * the plan catalogue read from the tier records (access/plan-catalogue.ts, docs/decisions/0037-plan-catalogue.md).
 */
export const PLAN_FOOTER = ["Cancel anytime", "14-day money-back guarantee", "Secure payment"] as const;
