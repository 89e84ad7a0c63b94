import { z } from "zod";
import type { Route } from "./+types/api.billing.choose-plan";
import {
  BILLING_INTERVALS,
  formatIntervalPrice,
  intervalPrice,
  isSoldTier,
  SOLD_TIERS,
  type BillingInterval,
} from "~/features/access/plan-catalogue.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { demoBilling, requestBilling } from "~/features/billing/billing.server.ts";
import { startCheckout } from "~/features/billing/checkout.server.ts";
import { getPaymentGateway } from "~/features/billing/stripe-gateway.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { bodyKindOf } from "~/lib/body-limits.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { formJson, formJsonRefusedBy } from "~/lib/form-result.server.ts";
import { methodNotAllowed, readBody, seeOther } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

const refuse = (code: "bad_request" | "unauthorized" | "conflict", message: string) => formJson({ ok: false, message }, { code });

/** Whole dollars, from JSON (a number) or a form (digits). */
const Price = z.union([
  z.number().int().min(0).max(2_147_483_647),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);

/**
 * POST /api/billing/choose-plan `{ tier, interval?, price }` (JSON or form; `monthlyPrice` is read as a monthly `price`):
 * the plan of the catalogue at the price the buyer was shown. If the tier record has changed it since, nothing is
 * bought (409) and the buyer looks again, so no one is charged a price they did not see. Then, by BILLING_MODE
 * (decision 0079): stripe answers with the provider's Checkout page to pay on (`data.checkoutUrl`, or a 303 to it for a
 * form); demo grants the plan at once and says no payment is taken; request records the wish. The answer is a form
 * result (decision 0045).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user } = getAppContext(context);
  if (!user) return refuse("unauthorized", "Sign in to choose a plan.");
  const fromForm = bodyKindOf(request.headers.get("content-type")) !== "json";
  const raw = await readBody(request);
  if (!raw) return refuse("bad_request", "The body must be JSON or a form with a tier, its interval and price.");
  if (!isSoldTier(raw.tier)) return refuse("bad_request", `tier must be one of ${SOLD_TIERS.join(", ")}.`);
  const interval = (raw.interval ?? "monthly") as BillingInterval;
  if (!BILLING_INTERVALS.includes(interval)) return refuse("bad_request", `interval must be one of ${BILLING_INTERVALS.join(", ")}.`);
  const shownPrice = Price.safeParse(raw.price ?? (interval === "monthly" ? raw.monthlyPrice : undefined));
  if (!shownPrice.success) return refuse("bad_request", "price must be the plan's price for the interval in whole dollars, as shown.");
  try {
    const plan = (await getPlanCatalogue(database))[raw.tier];
    const price = intervalPrice(plan, interval);
    if (price === null) return refuse("conflict", `${plan.name} is not sold by the year. Nothing was bought.`);
    if (price !== shownPrice.data) {
      return refuse(
        "conflict",
        `${plan.name} now costs ${formatIntervalPrice(price, interval)}, not ${formatIntervalPrice(shownPrice.data, interval)}. Nothing was bought: please look at the plans again.`,
      );
    }
    const sold = { tier: raw.tier, interval, price, name: plan.name };
    const mode = getEnv().BILLING_MODE;
    if (mode === "stripe") {
      const { url } = await startCheckout(database, getPaymentGateway(), user, { ...sold, dollars: price }, publicUrl(getEnv()));
      return fromForm ? seeOther(url) : formJson({ ok: true, message: "Opening the secure payment page…", data: { checkoutUrl: url } });
    }
    if (user.tier === raw.tier) return refuse("conflict", `You already have ${plan.name}.`);
    const choice = await (mode === "demo" ? demoBilling : requestBilling).choosePlan(database, user.id, sold);
    return formJson({ ok: true, message: choice.message, data: choice });
  } catch (error) {
    return formJsonRefusedBy(error);
  }
}

export const loader = methodNotAllowed;
