/**
 * The forms of a member's page at /admin/members/:id (decision 0081), one zod schema each (decision 0045), checked on
 * the server; every field's message is shown beside it. Dates are calendar days in UTC, as every operator screen
 * prints them: a complimentary plan "until 31 Dec 2026" is in force through that day and ends at midnight UTC after it.
 */
import { z } from "zod";
import { SOLD_TIERS } from "~/features/access/plan-catalogue.ts";

const MEMBER_INTENTS = ["grant", "revoke", "refund", "disable", "enable"] as const;
export type MemberIntent = (typeof MEMBER_INTENTS)[number];

export const MemberIntentForm = z.object({ intent: z.enum(MEMBER_INTENTS, "Unknown action.") });

/** The longest reason kept: a sentence or three for the audit log, not a letter. */
const MAX_REASON = 500;
/** How far ahead a complimentary plan may run: longer is "for good", which is not what a gift until a date means. */
const MAX_GRANT_YEARS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

const reason = z.string().trim().min(1, "Give a reason: it is kept in the audit log.").max(MAX_REASON, `At most ${MAX_REASON} characters.`);
const optionalReason = z.string().trim().max(MAX_REASON, `At most ${MAX_REASON} characters.`);

/** "2026-12-31" as the UTC midnight that starts it; null for text that is not a real calendar day. */
export function calendarDay(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? null : day;
}

/** The day `now` falls on in UTC, as "2026-12-31". */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The end of a grant "until" that day: midnight UTC after it. */
export function endOfDay(day: string): Date {
  return new Date(calendarDay(day)!.getTime() + DAY_MS);
}

/** Granting a complimentary plan until a day: today at the earliest (it then runs to midnight), ten years at the most. */
export function grantForm(now: Date) {
  const today = utcDay(now);
  const latest = utcDay(new Date(Date.UTC(now.getUTCFullYear() + MAX_GRANT_YEARS, now.getUTCMonth(), now.getUTCDate())));
  return z.object({
    tier: z.enum(SOLD_TIERS, "Choose the plan to give."),
    until: z
      .string()
      .refine((text) => calendarDay(text) !== null, "Enter a date as YYYY-MM-DD.")
      .refine((text) => calendarDay(text) === null || text >= today, `The date is in the past: choose ${today} or later.`)
      .refine((text) => calendarDay(text) === null || text <= latest, `Choose ${latest} or earlier: at most ten years ahead.`),
    reason,
  });
}

export const RevokeGrantForm = z.object({ reason: optionalReason });

export const DisableForm = z.object({ reason });

export const EnableForm = z.object({ reason: optionalReason });

const PLAN_ENDINGS = ["now", "period_end"] as const;
export type PlanEnding = (typeof PLAN_ENDINGS)[number];

export const RefundForm = z.object({
  invoice: z.string().regex(/^in_[A-Za-z0-9_]{1,250}$/, "Choose the payment to refund."),
  ending: z.enum(PLAN_ENDINGS, "Choose when the plan ends."),
  reason,
  confirm: z.literal("yes", "Tick the box to confirm the refund."),
});
