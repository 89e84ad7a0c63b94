/**
 * The company facts a feature application may state (issue 31, decision 0086): headquarters country, founding
 * year, team size, and for a startup the total raised and its latest round. Each is optional, since a company may
 * not say; each refused value gets its message beside its field (decision 0045).
 */
import { z } from "zod";
import { ROUND_TYPES, TEAM_SIZE_BANDS } from "~/features/catalog/company-facts.ts";
import { normalizePhoneNumber } from "~/features/catalog/phone-number.ts";

export const FACT_FIELDS = ["hqCountryId", "foundedYear", "teamSize", "totalFundingRaised", "latestRoundType", "latestRoundDate"] as const;
export type FactField = (typeof FACT_FIELDS)[number];

const blank = (v: string) => v === "";
const isRealDate = (v: string) => {
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};

/** The facts' schemas; `now` bounds the years and dates (nobody was founded or raised money in the future). */
export function factSchemas(now: Date) {
  const year = now.getUTCFullYear();
  const today = now.toISOString().slice(0, 10);
  return {
    hqCountryId: z
      .string()
      .refine((v) => blank(v) || /^[1-9]\d{0,8}$/.test(v), "Choose a country from the list.")
      .transform((v) => (blank(v) ? null : Number(v))),
    foundedYear: z
      .string()
      .trim()
      .refine((v) => blank(v) || (/^\d{4}$/.test(v) && Number(v) >= 1800 && Number(v) <= year), `Enter a year from 1800 to ${year}.`)
      .transform((v) => (blank(v) ? null : Number(v))),
    teamSize: z
      .string()
      .refine((v) => blank(v) || (TEAM_SIZE_BANDS as readonly string[]).includes(v), "Choose a team size from the list.")
      .transform((v) => v || null),
    totalFundingRaised: z
      .string()
      .trim()
      // People write amounts with separators and a currency sign: "$1,500,000", "1 500 000", "USD 2.5m" is not read.
      .transform((v) => v.replace(/^(?:usd|us\$|\$)\s*/i, "").replace(/[\s,_']/g, ""))
      .refine((v) => blank(v) || /^\d{1,13}(\.\d{1,2})?$/.test(v), "Enter an amount in US dollars, such as 1,500,000.")
      .transform((v) => (blank(v) ? null : Number(v))),
    latestRoundType: z
      .string()
      .refine((v) => blank(v) || Object.hasOwn(ROUND_TYPES, v), "Choose a round type from the list.")
      .transform((v) => v || null),
    latestRoundDate: z
      .string()
      .trim()
      .refine((v) => blank(v) || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v) && v >= "1800-01-01"), "Enter a date such as 2024-05-31.")
      .refine((v) => blank(v) || v <= today, "The latest round's date cannot be in the future.")
      .transform((v) => v || null),
  };
}

/** What a partner is not asked (funding): always stored as nothing, whatever a tampered form sends. */
export const NO_FUNDING = {
  totalFundingRaised: z.any().transform(() => null),
  latestRoundType: z.any().transform(() => null),
  latestRoundDate: z.any().transform(() => null),
};

const PHONE_MESSAGE = "Enter a phone number with its country code, such as +41 22 555 01 23, or choose the headquarters country.";

/**
 * The phone as typed, in E.164, or a message. A national number ("022 555 01 23") is read in the headquarters
 * country first, then in the other countries chosen (as the listing editor reads it in the listing's countries);
 * a country the server does not know is ignored, so a tampered id cannot choose how a number is read.
 */
export function readPhone(
  typed: string,
  chosen: { hqCountryId: string; countryIds: readonly string[] },
  countryCodes: ReadonlyMap<number, string>,
): { ok: true; phone: string | null } | { ok: false; message: string } {
  const value = typed.trim();
  if (!value) return { ok: true, phone: null };
  if (value.length > 64) return { ok: false, message: "At most 64 characters." };
  const codes = [chosen.hqCountryId, ...chosen.countryIds]
    .map((id) => countryCodes.get(Number(id)))
    .filter((code): code is string => code !== undefined);
  const phone = normalizePhoneNumber(value, [...new Set(codes)]);
  return phone === null ? { ok: false, message: PHONE_MESSAGE } : { ok: true, phone };
}
