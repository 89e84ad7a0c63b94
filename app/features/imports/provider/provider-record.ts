/**
 * One company as the lead-data provider sends it (spec 02 §3 "Provider record (read)"), checked at the boundary
 * (DESIGN D12). Lenient where providers are: optional fields may be missing or null, numbers may arrive as strings,
 * unknown fields are kept out. A record without a usable name is dropped later, by the processing rules (spec 02 §5).
 */
import { z } from "zod";

const text = z
  .string()
  .nullish()
  .transform((v) => (v && v.trim() ? v.trim() : null));

/** "1,500,000", 1500000 or "1.5e6": a number, or null when there is none. */
const amount = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === "") return null;
    const n = typeof v === "number" ? v : Number(String(v).replace(/[,\s$€£]/g, ""));
    return Number.isFinite(n) ? n : null;
  });

const stringList = z
  .union([z.array(z.string().nullish()), z.string()])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v : (v ?? "").split(",")).map((s) => (s ?? "").trim()).filter(Boolean));

export const ProviderPerson = z.object({
  name: text,
  email: text,
  linkedin_url: text,
  title: text,
});
export type ProviderPerson = z.infer<typeof ProviderPerson>;

export const ProviderRecord = z.object({
  company_name: text,
  company_info: z
    .object({
      website: text,
      description: text,
      categories: stringList,
      hq_country: text,
      year_founded: amount,
      size: z.union([z.string(), z.number()]).nullish(),
      logo_url: text,
      keywords: stringList,
      specialities: stringList,
      linkedin_url: text,
      twitter_url: text,
      facebook_url: text,
    })
    .partial()
    .nullish()
    .transform((v) => v ?? {}),
  main_category: text,
  funding_amount: amount,
  currency: text,
  round_type: text,
  investors: z
    .array(z.object({ name: text, linkedin_url: text }))
    .nullish()
    .transform((v) => v ?? []),
  contact_info: z
    .object({
      employees: z
        .union([z.array(ProviderPerson), z.record(z.string(), z.array(ProviderPerson))])
        .nullish()
        .transform((v) => v ?? []),
      company_linkedin_url: text,
    })
    .partial()
    .nullish()
    .transform((v) => v ?? {}),
  ceo: ProviderPerson.nullish().transform((v) => v ?? null),
  historical_headcount: z.unknown().optional(),
  growth_info: z.unknown().optional(),
  taken_from: text,
  /** The provider's id of the company or the deal, when it sends one (kept as the listing's LOT company id). */
  id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  /** The announcement date of the round or deal, when sent. */
  date: text,
});
export type ProviderRecord = z.infer<typeof ProviderRecord>;
