/**
 * A country's mark beside its name: the two-letter ISO code in a small flag-shaped box. The reference lists carry an
 * emoji flag, but a flag emoji is two regional-indicator letters that only an emoji font draws as a flag; without one
 * (most Windows and Linux machines) it shows as two boxed letters or nothing. The code draws the same everywhere and
 * weighs nothing. Decorative (the country's name is beside it), so hidden from screen readers.
 */
export function CountryFlag({ code }: { code: string | null | undefined }) {
  const iso = code?.trim().toUpperCase();
  if (!iso || !/^[A-Z]{2}$/.test(iso)) return null;
  return (
    <span aria-hidden="true" className="country-flag" data-country-code={iso}>
      {iso}
    </span>
  );
}
