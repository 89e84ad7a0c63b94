import { isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { CountryCode } from "libphonenumber-js/min";

// Longer than any real number with an extension; bounds the work done on hostile input.
const MAX_INPUT_LENGTH = 64;

// Only what people type into a phone field: digits of any script (libphonenumber folds them),
// separators, a leading +, and an optional extension at the end. The library on its own
// extracts a number from surrounding text ("call +1 415... now"), which would let junk
// through as a valid phone, so anything else is refused here first.
const PHONE_SHAPE = /^\+?[\p{Nd}\s\-.()/]+(?:\s*(?:ext\.?|x|#)\s*\p{Nd}{1,7})?$/iu;

/**
 * A phone number as typed, in E.164 (`+14155552671`), or null when it is not a possible
 * number. Extensions are dropped: E.164 has no place for them and the profile links the
 * number as `tel:`. `defaultCountry` (ISO 3166-1 alpha-2) reads national formats such as
 * `020 7946 0958` for GB; without it only international (`+44 ...`) input is accepted.
 */
export function normalizePhoneNumber(input: string, defaultCountry?: string): string | null {
  const text = input.trim();
  if (text === "" || text.length > MAX_INPUT_LENGTH || !PHONE_SHAPE.test(text)) return null;
  const country = defaultCountry?.toUpperCase();
  const parsed = parsePhoneNumberFromString(
    text,
    country && isSupportedCountry(country) ? { defaultCountry: country as CountryCode } : undefined,
  );
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.number;
}

/** A stored E.164 number as people read it ("+44 20 7946 0752"); the number as stored when it cannot be read. */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
