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
 * number as `tel:`. `defaultCountries` (ISO 3166-1 alpha-2, the listing's countries) read national formats such as
 * `020 7946 0958` for GB; without them only international (`+44 ...`) input is accepted.
 */
export function normalizePhoneNumber(input: string, defaultCountries?: string | readonly string[]): string | null {
  const text = input.trim();
  if (text === "" || text.length > MAX_INPUT_LENGTH || !PHONE_SHAPE.test(text)) return null;
  const countries = (typeof defaultCountries === "string" ? [defaultCountries] : (defaultCountries ?? []))
    .map((country) => country.toUpperCase())
    .filter((country): country is CountryCode => isSupportedCountry(country));
  // A national number is read in the first country where it is a possible number: "0161 496 0123" for a listing
  // in Denmark and the United Kingdom is British (a Danish number has eight digits), whatever order the form sent.
  for (const defaultCountry of countries.length ? countries : [undefined]) {
    const parsed = parsePhoneNumberFromString(text, defaultCountry ? { defaultCountry } : undefined);
    if (parsed?.isPossible()) return parsed.number;
  }
  return null;
}

/** A stored E.164 number as people read it ("+44 20 7946 0752"); the number as stored when it cannot be read. */
export function formatPhoneNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
