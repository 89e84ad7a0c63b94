import { redirect } from "react-router";
import type { Route } from "./+types/settings.billing";
import { revokeGrant } from "~/features/access/member-tier.server.ts";
import { formatIntervalPrice, intervalPrice } from "~/features/access/plan-catalogue.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { BillingIntentForm, ChangePlanForm, RefundForm } from "~/features/billing/billing-form.ts";
import { getBillingOverview } from "~/features/billing/billing-overview.server.ts";
import { BillingPage, type BillingResult } from "~/features/billing/billing-page.tsx";
import { demoBilling } from "~/features/billing/billing.server.ts";
import { completeCheckout } from "~/features/billing/checkout.server.ts";
import { getPaymentGateway } from "~/features/billing/stripe-gateway.server.ts";
import { cancelPlan, changePlan, portalSession, refundFirstPayment, resumePlan } from "~/features/billing/subscription-actions.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { readForm, seeOther } from "~/lib/http.server.ts";
import { logger } from "~/lib/logger.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Billing | Introbase" }, { name: "robots", content: "noindex" }];
}

const NOTICES: Record<string, string> = {
  paid: "Thank you: your payment went through and your plan is in force.",
  pending: "Your payment is being confirmed: your plan shows here in a moment.",
  cancelled: "Checkout cancelled: nothing was charged.",
};

/**
 * /settings/billing (decision 0079): the member's plan, how it is paid and its invoices. Back from a paid Checkout
 * (?checkout=complete&session_id=…), the subscription is read from the provider at once and the page shown afresh.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw redirect("/sign-in?returnTo=%2Fsettings%2Fbilling");
  const url = new URL(request.url);
  const mode = getEnv().BILLING_MODE;
  const gateway = mode === "stripe" ? getPaymentGateway() : null;
  const sessionId = url.searchParams.get("session_id");
  if (gateway && url.searchParams.get("checkout") === "complete" && sessionId) {
    const done = await completeCheckout(database, gateway, user.id, sessionId, new Date()).catch((error: unknown) => {
      logger.warn({ err: error }, "a completed checkout could not be read back; its webhook will apply it");
      return false;
    });
    throw redirect(`/settings/billing?checkout=${done ? "paid" : "pending"}`);
  }
  const overview = await getBillingOverview(database, gateway, user, await getPlanCatalogue(database), mode, new Date());
  return { overview, notice: NOTICES[url.searchParams.get("checkout") ?? ""] ?? null };
}

/** The page's forms: change plan, cancel, resume, the money-back guarantee, the payment method (the provider's portal), ending a demo plan. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in to manage your plan.");
  const form = Object.fromEntries(await readForm(request, { nulInValues: true }));
  const intent = parseForm(BillingIntentForm, form);
  if (!intent.ok) return formRefused("bad_request", { message: intent.errors.intent ?? "Unknown billing action." });
  const mode = getEnv().BILLING_MODE;
  const now = new Date();
  try {
    if (intent.data.intent === "end-demo") {
      await revokeGrant(database, user.id, "demo", now);
      return formDone({ message: "Your demo plan has ended: you are on the free plan." });
    }
    if (intent.data.intent === "change-plan") {
      const parsed = parseForm(ChangePlanForm, form);
      if (!parsed.ok) return formRefused("bad_request", { message: Object.values(parsed.errors)[0] ?? "Choose a plan." });
      const plan = (await getPlanCatalogue(database))[parsed.data.tier];
      const price = intervalPrice(plan, parsed.data.interval);
      if (price !== parsed.data.price)
        return formRefused("conflict", {
          message: `${plan.name} now costs ${price === null ? "nothing by the year" : formatIntervalPrice(price, parsed.data.interval)}: nothing was changed. Please look at the plans again.`,
        });
      const target = { tier: parsed.data.tier, interval: parsed.data.interval, name: plan.name };
      if (mode !== "stripe") {
        const choice = await demoBilling.choosePlan(database, user.id, { ...target, price });
        return formDone({ message: choice.message });
      }
      return formDone({ message: await changePlan(database, getPaymentGateway(), user.id, { ...target, dollars: price }, now) });
    }
    if (mode !== "stripe")
      return formRefused("conflict", { message: "Payments are not taken on this site: there is nothing to change at a payment provider." });
    const gateway = getPaymentGateway();
    switch (intent.data.intent) {
      case "cancel":
        return formDone({ message: await cancelPlan(database, gateway, user.id, now) });
      case "resume":
        return formDone({ message: await resumePlan(database, gateway, user.id, now) });
      case "refund": {
        const confirmed = parseForm(RefundForm, form);
        if (!confirmed.ok) return formRefused("bad_request", { message: confirmed.errors.confirm ?? "Confirm the refund." });
        return formDone({ message: await refundFirstPayment(database, gateway, user.id, now) });
      }
      case "portal":
        return seeOther(await portalSession(database, gateway, user.id, `${publicUrl(getEnv())}/settings/billing`));
    }
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData && "ok" in actionData ? (actionData as BillingResult) : undefined;
  return <BillingPage overview={loaderData.overview} notice={loaderData.notice} result={result} />;
}
