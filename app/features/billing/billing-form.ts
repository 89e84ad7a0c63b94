/** The forms of /settings/billing (decision 0045: one zod schema per form, checked on the server). */
import { z } from "zod";
import { BILLING_INTERVALS, SOLD_TIERS } from "~/features/access/plan-catalogue.ts";

const BILLING_INTENTS = ["change-plan", "cancel", "resume", "refund", "portal", "end-demo"] as const;
export type BillingIntent = (typeof BILLING_INTENTS)[number];

export const BillingIntentForm = z.object({ intent: z.enum(BILLING_INTENTS, "Unknown billing action.") });

export const ChangePlanForm = z.object({
  tier: z.enum(SOLD_TIERS, "Choose one of the plans."),
  interval: z.enum(BILLING_INTERVALS, "Choose monthly or yearly."),
  price: z
    .string()
    .regex(/^\d{1,9}$/, "The plan's price, as shown, is missing.")
    .transform(Number),
});

export const RefundForm = z.object({ confirm: z.literal("yes", "Tick the box to confirm that your plan ends now.") });
