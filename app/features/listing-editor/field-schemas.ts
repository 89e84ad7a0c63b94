/**
 * zod schemas for single listing-editor values: text in, typed column values out, with the message an operator
 * sees beside the field. Blank means "no value" (null) everywhere a column is optional.
 */
import { z } from "zod";
import { normalizePhoneNumber } from "~/features/catalog/phone-number.ts";
import { MEDIA_PATH, normaliseWebUrl } from "~/lib/web-url.ts";

const count = (n: number) => n.toLocaleString("en-US");
const tooLong = (max: number) => `At most ${count(max)} characters.`;

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((v) => v || null);

export const requiredText = (missing: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .max(max, tooLong(max))
    // Composed and decomposed accents look the same; store one form so searches and slugs agree.
    .transform((v) => v.normalize("NFC"));

const URL_MESSAGE = "Enter a web address starting with http:// or https://, such as https://example.com.";

/**
 * An optional http(s) address, by the shared rule (lib/web-url.ts): a bare domain ("example.com/about") gets
 * https:// in front, as operators paste them; any other scheme (ftp:, javascript:, mailto:) is refused rather than
 * stored as a link. Logos and photos may also be one of our own stored files (/media/{id}).
 */
export const optionalUrl = (options: { allowMediaPath?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(500, tooLong(500))
    .transform((value, ctx) => {
      if (!value) return null;
      if (options.allowMediaPath && MEDIA_PATH.test(value)) return value;
      const url = normaliseWebUrl(value);
      if (url !== null) return url;
      ctx.addIssue({ code: "custom", message: URL_MESSAGE });
      return z.NEVER;
    });

export const optionalEmail = z
  .string()
  .trim()
  .max(254, tooLong(254))
  .refine((v) => v === "" || z.email().safeParse(v).success, "Enter an e-mail address such as name@example.com.")
  .transform((v) => v.toLowerCase() || null);

const PHONE_MESSAGE = "Enter a phone number such as +1 415 555 2671 (or a national number of one of the listing's countries).";

/**
 * An optional phone number, stored in E.164 (features/catalog/phone-number.ts). A national number is read in the
 * listing's countries (the first where it is possible); without any, only an international number (+…) is accepted.
 */
export const optionalPhone = (countries: readonly string[]) =>
  z
    .string()
    .trim()
    .max(64, tooLong(64))
    .transform((value, ctx) => {
      if (!value) return null;
      const phone = normalizePhoneNumber(value, countries);
      if (phone !== null) return phone;
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    });

/** numeric(18, 2): up to 16 whole digits and 2 decimals; thousands separators and spaces are allowed. */
export const optionalMoney = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s,_]/g, ""))
  .refine((v) => v === "" || /^\d{1,16}(\.\d{1,2})?$/.test(v), "Enter an amount such as 1500000 or 1,500,000.50.")
  .transform((v) => (v === "" ? null : Number(v)));

export const optionalCurrency = z
  .string()
  .trim()
  .refine((v) => v === "" || /^[A-Za-z]{3}$/.test(v), "Enter a three-letter currency code such as USD.")
  .transform((v) => v.toUpperCase() || null);

const isRealDate = (v: string) => {
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};

/** A calendar date as the date input sends it (YYYY-MM-DD), between 1800 and 2100. */
export const optionalDate = z
  .string()
  .trim()
  .refine(
    (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v) && Number(v.slice(0, 4)) >= 1800 && Number(v.slice(0, 4)) <= 2100),
    "Enter a date such as 2024-05-31.",
  )
  .transform((v) => v || null);

export const optionalInteger = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === "" ? null : Number(v)));

/** A reference record picked from a list: its id, or null for none. Ids not in `known` are refused. */
export const optionalReference = (known: ReadonlySet<number> | undefined, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{1,9}$/.test(v) && (!known || known.has(Number(v)))), message)
    .transform((v) => (v === "" ? null : Number(v)));

/** Several reference records: distinct ids, each known, at most `max`. */
export const referenceList = (known: ReadonlySet<number> | undefined, label: string, max: number) =>
  z
    .array(z.string())
    .transform((list) => [...new Set(list.map((v) => v.trim()))])
    .refine((list) => list.every((v) => /^\d{1,9}$/.test(v) && (!known || known.has(Number(v)))), `Choose ${label} from the list.`)
    .refine((list) => list.length <= max, `Choose at most ${max} ${label}.`)
    .transform((list) => list.map(Number));
