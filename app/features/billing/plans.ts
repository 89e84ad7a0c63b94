/**
 * The upgrade dialog's fixed texts (spec 01 §2, §9). The plans themselves, their names, prices and benefits, are
 * the plan catalogue read from the tier records (access/plan-catalogue.ts, docs/decisions/0080-one-plan-catalogue.md).
 */
import { DEMO_PRICE_NOTE } from "~/features/access/plan-catalogue.ts";
import type { BillingMode } from "~/features/access/use-plan-catalogue.ts";

export type FooterPoint = "cancel" | "guarantee" | "secure" | "demo";

/**
 * The spec's footer promises only what this site keeps (decision 0079): with Stripe billing all three are true (cancel
 * on /settings/billing, the money-back button, payment on Stripe's own page); in demo billing nothing is paid, so
 * there is nothing to refund or secure, and the footer says so instead; request mode takes no payment either.
 */
export function planFooter(mode: BillingMode): Array<{ point: FooterPoint; text: string }> {
  if (mode === "stripe")
    return [
      { point: "cancel", text: "Cancel anytime" },
      { point: "guarantee", text: "14-day money-back guarantee" },
      { point: "secure", text: "Secure payment" },
    ];
  if (mode === "demo")
    return [
      { point: "cancel", text: "Cancel anytime" },
      { point: "demo", text: DEMO_PRICE_NOTE },
    ];
  return [{ point: "cancel", text: "Nothing is charged: we'll be in touch to complete it" }];
}
