import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root.tsx";
import { planCatalogue, type PlanCatalogue } from "./plan-catalogue.ts";
import { LEGACY_TIERS } from "./tier-definitions.ts";

const FALLBACK = planCatalogue({ tiers: LEGACY_TIERS });

/**
 * The plan catalogue the root loader read from the tier records, for any component; the fallback definitions'
 * catalogue (the same names and prices as the seeded records) on a page rendered without it, such as an error page.
 */
export function usePlanCatalogue(): PlanCatalogue {
  return useRouteLoaderData<typeof loader>("root")?.plans ?? FALLBACK;
}

export type BillingMode = "demo" | "request" | "stripe";

/** How plans are paid on this site (BILLING_MODE): in demo billing every price says no payment is taken. */
export function useBillingMode(): BillingMode {
  return useRouteLoaderData<typeof loader>("root")?.billingMode ?? "demo";
}
