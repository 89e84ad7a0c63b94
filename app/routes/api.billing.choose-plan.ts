import { z } from "zod";
import type { Route } from "./+types/api.billing.choose-plan";
import { formatMonthlyPrice, isSoldTier, SOLD_TIERS } from "~/features/access/plan-catalogue.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { getBillingProvider } from "~/features/billing/billing.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formJson } from "~/lib/form-result.server.ts";
import { jsonError, methodNotAllowed, readBody } from "~/lib/http.server.ts";

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
 * POST /api/billing/choose-plan `{ tier, monthlyPrice }` (JSON or form): the billing provider grants or records the
 * tier's plan from the catalogue (the answer is a form result, decision 0045: the choice in `data`). The price is the one the buyer was shown: if the tier record has changed it
 * since, nothing is bought (409) and the buyer looks again, so no one is charged a price they did not see.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user } = getAppContext(context);
  if (!user) return refuse("unauthorized", "Sign in to choose a plan.");
  const raw = await readBody(request);
  if (!raw) return refuse("bad_request", "The body must be JSON or a form with a tier and its monthlyPrice.");
  if (!isSoldTier(raw.tier)) return refuse("bad_request", `tier must be one of ${SOLD_TIERS.join(", ")}.`);
  const price = Price.safeParse(raw.monthlyPrice);
  if (!price.success) return refuse("bad_request", "monthlyPrice must be the plan's monthly price in whole dollars, as shown.");
  try {
    const plan = (await getPlanCatalogue(database))[raw.tier];
    if (plan.monthlyPrice !== price.data) {
      return refuse(
        "conflict",
        `${plan.name} now costs ${formatMonthlyPrice(plan.monthlyPrice)}, not ${formatMonthlyPrice(price.data)}. Nothing was bought: please look at the plans again.`,
      );
    }
    if (user.tier === raw.tier) return refuse("conflict", `You already have ${plan.name}.`);
    const choice = await getBillingProvider().choosePlan(database, user.id, {
      tier: raw.tier,
      name: plan.name,
      monthlyPrice: plan.monthlyPrice,
    });
    return formJson({ ok: true, message: choice.message, data: choice });
  } catch (error) {
    return jsonError(error);
  }
}

export const loader = methodNotAllowed;
