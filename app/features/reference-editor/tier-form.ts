/**
 * The tier record form (spec 01 §3 "Visibility level"): one schema for /admin/tiers and the server, and the rule
 * that ranks rise from public to subscriber to premium. -1 means unlimited for monthly views, as spec 01 §3 says,
 * and for AI requests, which the quota code reads the same way (quotas.ts).
 */
import { z } from "zod";
import { OUTREACH_CONTENT_LEVELS, UNLIMITED, type TierRecord } from "../access/tier-definitions.ts";
import { ACCESS_LEVELS, type AccessLevel } from "../access/tiers.ts";
import { parseForm, type FieldErrors } from "~/lib/form-parse.ts";

const INT_MAX = 2_147_483_647;

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const checkbox = z.string().transform((v) => v === "on" || v === "true");

const TierSchema = z.object({
  displayName: z.string().trim().min(1, "Enter the name visitors see.").max(60, "At most 60 characters."),
  rank: wholeNumber(0, 32767, "Enter a whole number from 0 to 32,767."),
  monthlyPrice: wholeNumber(0, INT_MAX, "Enter a whole number of dollars, 0 or more."),
  annualPrice: wholeNumber(0, INT_MAX, "Enter a whole number of dollars, 0 or more (0: not sold by the year)."),
  maxCompanyViewsPerMonth: wholeNumber(UNLIMITED, INT_MAX, "Enter a whole number, 0 or more, or -1 for unlimited."),
  aiRequestsPerMonth: wholeNumber(UNLIMITED, INT_MAX, "Enter a whole number, 0 or more, or -1 for unlimited."),
  // No canViewFundingData: funding data is public to everyone (decision 0080), so the flag decides nothing to edit.
  canExportData: checkbox,
  canAccessHistoricalData: checkbox,
  prioritySupport: checkbox,
  apiAccessAllowed: checkbox,
  outreachContentLevel: z.enum(OUTREACH_CONTENT_LEVELS, "Choose none, basic, advanced or full."),
  value8aiIntegrationLevel: z
    .string()
    .trim()
    .min(1, "Enter none, or a level such as basic or full.")
    .max(40, "At most 40 characters.")
    .regex(/^[a-z0-9_-]+$/i, "Use letters, digits, hyphens and underscores."),
});

export type TierInput = z.infer<typeof TierSchema>;
export type TierField = keyof TierInput;

export type TierParse = { ok: true; data: TierInput } | { ok: false; errors: FieldErrors<TierField>; values: Record<TierField, string> };

export function parseTierForm(input: Record<string, unknown>): TierParse {
  const parsed = parseForm(TierSchema, input);
  return parsed.ok ? parsed : { ok: false, errors: parsed.errors, values: parsed.values as Record<TierField, string> };
}

/** A record as the form shows it: numbers as text, flags as "on" or "". */
export function tierToFormValues(record: TierRecord): Record<TierField, string> {
  const flag = (v: boolean) => (v ? "on" : "");
  return {
    displayName: record.displayName,
    rank: String(record.rank),
    monthlyPrice: String(record.monthlyPrice),
    annualPrice: String(record.annualPrice),
    maxCompanyViewsPerMonth: String(record.maxCompanyViewsPerMonth),
    aiRequestsPerMonth: String(record.aiRequestsPerMonth),
    canExportData: flag(record.canExportData),
    canAccessHistoricalData: flag(record.canAccessHistoricalData),
    prioritySupport: flag(record.prioritySupport),
    apiAccessAllowed: flag(record.apiAccessAllowed),
    outreachContentLevel: record.outreachContentLevel,
    value8aiIntegrationLevel: record.value8aiIntegrationLevel,
  };
}

/**
 * Why a tier cannot take a rank, or null: ranks rise strictly from public to subscriber to premium, so each
 * tier's rank lies between its neighbours' (the others' ranks as they stand).
 */
export function rankOrderError(tier: AccessLevel, rank: number, ranks: Record<AccessLevel, number>): string | null {
  const at = ACCESS_LEVELS.indexOf(tier);
  const below = ACCESS_LEVELS[at - 1];
  const above = ACCESS_LEVELS[at + 1];
  const tooLow = below !== undefined && rank <= ranks[below];
  const tooHigh = above !== undefined && rank >= ranks[above];
  if (!tooLow && !tooHigh) return null;
  const bounds = [
    below !== undefined ? `above ${ranks[below]} (${below})` : null,
    above !== undefined ? `below ${ranks[above]} (${above})` : null,
  ].filter(Boolean);
  return `Ranks rise from public to subscriber to premium: give a rank ${bounds.join(" and ")}.`;
}
