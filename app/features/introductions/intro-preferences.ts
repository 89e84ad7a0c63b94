/**
 * Which requests a claimed listing takes (issue 36 "Intro inbox and preferences", decision 0116): the owners' rules, and
 * the one function that says whether a requester may ask. Pure, so the dialog's up-front answer, the API's refusal and
 * the stored request all read the same verdict from the same facts.
 */
import { z } from "zod";
import { ACCESS_LEVELS, type AccessLevel } from "#db/values/listings.ts";
import { LISTING_TYPES, type ListingType } from "~/features/catalog/listing-types.ts";
import { parseForm, type FieldErrors, type FieldValues, type FormParse } from "~/lib/form-parse.ts";

export interface IntroPreferences {
  tiers: AccessLevel[];
  listingTypes: ListingType[];
  industryIds: number[];
  stageIds: number[];
  allowUnknown: boolean;
  monthlyCap: number | null;
  paused: boolean;
}

/** No row: the listing takes every request the operators forward. */
export const OPEN_PREFERENCES: IntroPreferences = {
  tiers: [],
  listingTypes: [],
  industryIds: [],
  stageIds: [],
  allowUnknown: true,
  monthlyCap: null,
  paused: false,
};

/** What is known of a requester: their plan, and the listings they keep (none: their company is unknown). */
export interface RequesterFacts {
  tier: AccessLevel;
  listings: Array<{ type: ListingType; industryIds: number[]; stageId: number | null }>;
}

export type RefusalReason = "paused" | "cap_reached" | "tier" | "listing_kind" | "unknown_listing";

export interface Refusal {
  reason: RefusalReason;
  message: string;
}

/** Names the messages use: the listing's, the plans' and the reference lists'. */
export interface RefusalWords {
  listingName: string;
  planName: (tier: AccessLevel) => string;
  /** The first day of next month (UTC), written for people: when a full month's cap frees up. */
  nextMonth: string;
}

const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);

/**
 * Whether a requester may ask, and if not, the polite reason they are told before they write a word. It says what the
 * listing takes, never who keeps it. `usedThisMonth` is the month's count of requests that hold a place under the cap.
 */
export function refusalFor(prefs: IntroPreferences, facts: RequesterFacts, usedThisMonth: number, words: RefusalWords): Refusal | null {
  const name = words.listingName;
  if (prefs.paused) return { reason: "paused", message: `${name} is not taking introduction requests at the moment.` };
  if (prefs.monthlyCap !== null && usedThisMonth >= prefs.monthlyCap)
    return {
      reason: "cap_reached",
      message: `${name} has received all the introduction requests it takes this month. You can ask again from ${words.nextMonth}.`,
    };
  if (prefs.tiers.length && !prefs.tiers.includes(facts.tier))
    return {
      reason: "tier",
      message: `${name} takes introduction requests from members on the ${list(prefs.tiers.map(words.planName))} plan.`,
    };
  const restricted = prefs.listingTypes.length > 0 || prefs.industryIds.length > 0 || prefs.stageIds.length > 0;
  if (!restricted) return null;
  if (facts.listings.length === 0) {
    if (prefs.allowUnknown) return null;
    return {
      reason: "unknown_listing",
      message: `${name} takes introduction requests only from members who keep their own company's listing on Introbase. Claim yours from its profile first.`,
    };
  }
  const fits = facts.listings.some(
    (l) =>
      (prefs.listingTypes.length === 0 || prefs.listingTypes.includes(l.type)) &&
      (prefs.industryIds.length === 0 || l.industryIds.some((id) => prefs.industryIds.includes(id))) &&
      (prefs.stageIds.length === 0 || (l.stageId !== null && prefs.stageIds.includes(l.stageId))),
  );
  if (fits) return null;
  return { reason: "listing_kind", message: `${name} does not take introduction requests from your kind of company at the moment.` };
}

/** The first instant of the UTC month `now` is in, and of the next: the cap's window. */
export function monthOf(now: number): { start: Date; next: Date } {
  const d = new Date(now);
  return {
    start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)),
    next: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)),
  };
}

/** The reasons an owner may give for declining: polite, fixed wording shown to the requester as it stands. */
export const DECLINE_REASONS = {
  not_a_fit: "Not a fit for our focus right now.",
  no_capacity: "No capacity for new conversations this month.",
  timing: "The timing is not right for us at the moment.",
  already_connected: "We are already in touch through another channel.",
  not_taking_meetings: "We are not taking meetings on this topic.",
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;
/** A stored reason's wording; an unknown code (none should exist) is shown as nothing rather than as a code. */
export function declineReasonText(code: string | null): string | null {
  return code && code in DECLINE_REASONS ? DECLINE_REASONS[code as DeclineReason] : null;
}
const DECLINE_CODES = Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]];

/** An owner's answer in the inbox: one schema per kind, each with the request it answers. */
const requestId = z.uuid({ error: "This request was not found." });
export const AcceptSchema = z.object({
  requestId,
  note: z.string().trim().max(1000, "At most 1,000 characters."),
});
export const DeclineSchema = z.object({
  requestId,
  reason: z.enum(DECLINE_CODES, { error: "Choose a reason from the list." }),
});
export const AskSchema = z.object({
  requestId,
  question: z.string().trim().min(10, "Ask your question in a sentence (at least 10 characters).").max(1000, "At most 1,000 characters."),
});
/** An owner's answer through their e-mailed link: the same optional note or listed reason the inbox offers. */
const LinkAnswerSchema = z.object({
  note: z.string().trim().max(1000, "At most 1,000 characters."),
  reason: z.union([z.literal(""), z.enum(DECLINE_CODES, { error: "Choose a reason from the list." })]),
});
export function parseLinkAnswer(input: Record<string, unknown>) {
  return parseForm(LinkAnswerSchema, input);
}

/** The requester's answer to an owner's question, from /settings. */
export const RequesterAnswerSchema = z.object({
  requestId,
  answer: z.string().trim().min(10, "Answer in a sentence or two (at least 10 characters).").max(2000, "At most 2,000 characters."),
});

export type PreferencesField = "tiers" | "listingTypes" | "industryIds" | "stageIds" | "allowUnknown" | "monthlyCap" | "paused";

const ids = (label: string) =>
  z
    .array(
      z
        .string()
        .regex(/^\d{1,9}$/, `Choose ${label} from the list.`)
        .transform(Number),
    )
    .max(500, `Choose at most 500 ${label}.`);

const PreferencesSchema = z.object({
  tiers: z.array(z.enum(ACCESS_LEVELS, { error: "Choose plans from the list." })),
  listingTypes: z.array(z.enum(LISTING_TYPES, { error: "Choose kinds of listing from the list." })),
  industryIds: ids("industries"),
  stageIds: ids("stages"),
  allowUnknown: z.boolean(),
  paused: z.boolean(),
  monthlyCap: z
    .string()
    .trim()
    .regex(/^\d*$/, "Enter a whole number, or leave it empty for no limit.")
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((v) => v === null || (v >= 1 && v <= 1000), "Enter a number from 1 to 1,000, or leave it empty for no limit."),
});

/**
 * The preferences form (checkbox groups send each ticked value under the field's name). Ids must also exist: the server
 * checks them against the reference lists after this.
 */
export function parsePreferences(form: FormData): FormParse<IntroPreferences, PreferencesField> {
  const many = (field: string) => form.getAll(field).filter((v): v is string => typeof v === "string");
  const cap = form.get("monthlyCap");
  const result = PreferencesSchema.safeParse({
    tiers: many("tiers"),
    listingTypes: many("listingTypes"),
    industryIds: many("industryIds"),
    stageIds: many("stageIds"),
    allowUnknown: form.get("allowUnknown") === "on",
    paused: form.get("paused") === "on",
    monthlyCap: typeof cap === "string" ? cap : "",
  });
  if (result.success) return { ok: true, data: { ...result.data, tiers: [...new Set(result.data.tiers)] } };
  const errors: FieldErrors<PreferencesField> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0]) as PreferencesField] ??= issue.message;
  const values: FieldValues<PreferencesField> = { monthlyCap: typeof cap === "string" ? cap.slice(0, 20) : "" };
  return { ok: false, errors, values };
}
