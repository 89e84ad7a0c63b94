/** The forms of /teams/:teamId/billing (decision 0045: one zod schema per form, checked on the server). */
import { z } from "zod";
import { BILLING_INTERVALS, type BillingInterval } from "~/features/access/plan-catalogue.ts";
import { MAX_TEAM_SEATS } from "~/features/billing/team-plan.ts";

const SEAT_INTENTS = ["buy", "preview-seats", "change-seats", "end-demo", "assign", "unassign", "cancel", "resume", "portal"] as const;
export type SeatIntent = (typeof SEAT_INTENTS)[number];

export const SeatIntentForm = z.object({ intent: z.enum(SEAT_INTENTS, "Unknown seats action.") });

const seats = z
  .string("Say how many seats.")
  .trim()
  .regex(/^\d{1,3}$/, `Choose between 1 and ${MAX_TEAM_SEATS} seats.`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_TEAM_SEATS, `Choose between 1 and ${MAX_TEAM_SEATS} seats.`);

export const BuySeatsForm = z.object({
  seats,
  // Left out (demo billing, a change of seats keeps the plan's own): monthly.
  interval: z.enum(["", ...BILLING_INTERVALS], "Choose monthly or yearly.").transform((v): BillingInterval => (v === "" ? "monthly" : v)),
});

export const SeatHolderForm = z.object({ userId: z.string("Choose a member.").min(1, "Choose a member.").max(200) });
