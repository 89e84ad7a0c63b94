/**
 * The stand-in logo of a listing without one: its initials on a colour of its own. Pure and deterministic, so the
 * server and the browser draw the same picture and the same listing looks the same on every page and every day.
 */

export interface Monogram {
  /** One or two capital letters (or digits) from the name; "?" when the name has none. */
  initials: string;
  /** The background, a "#rrggbb" colour on which white text reads at 4.5:1 or better (WCAG AA). */
  background: string;
  /** Which corner the decorative disc sits in (0 top left, then clockwise): a second trait besides the hue. */
  corner: 0 | 1 | 2 | 3;
}

/** Legal forms say nothing about a company: "Nimbus Inc." is "N", not "NI". Only words after the first are skipped. */
const LEGAL_FORMS = new Set([
  "inc",
  "ltd",
  "llc",
  "llp",
  "gmbh",
  "ag",
  "sa",
  "sas",
  "plc",
  "corp",
  "co",
  "bv",
  "nv",
  "oy",
  "ab",
  "pty",
  "limited",
]);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’]*/gu;

/** "Nimbus Labs" → "NL", "nimbus" → "N", "Nimbus Labs GmbH" → "NL", "Nimbus Inc." → "N", "" → "?". */
export function monogramInitials(name: string): string {
  const words = name.match(WORD) ?? [];
  const kept = words.filter((word, i) => i === 0 || !LEGAL_FORMS.has(word.toLowerCase()));
  const letters = kept.slice(0, 2).map((word) => [...word][0]!.toUpperCase());
  return letters.join("") || "?";
}

/** FNV-1a (32 bits) over the UTF-16 code units: small, fast and well spread for short keys such as slugs. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)].map((x) => Math.round(x * 255)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour given as 0-255 channels. */
function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const linear = (c: number) => {
    const x = c / 255;
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast of white text on this colour (WCAG 2: 1 to 21). */
export function contrastWithWhite(rgb: readonly [number, number, number]): number {
  return 1.05 / (relativeLuminance(rgb) + 0.05);
}

/**
 * Hues to choose from, spread by how different they look rather than evenly around the wheel: an even spread puts a
 * fifth of all listings in one green, since the eye tells greens apart far less well than reds, blues or purples.
 */
export const MONOGRAM_HUES = [0, 14, 26, 38, 95, 135, 165, 180, 194, 208, 222, 236, 252, 268, 284, 300, 318, 336] as const;
/** Two saturations per hue: twice the colours, each still plainly of its hue. */
const SATURATIONS = [64, 42] as const;
const LIGHTEST = 50;
const MIN_CONTRAST = 4.5;

function hex(rgb: readonly [number, number, number]): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The colour of a hue: as light as it can be while white text on it keeps 4.5:1. Yellows and greens are light by
 * nature, so they come out darker than blues; every hue stays readable.
 */
export function monogramColour(hue: number, saturation: number = SATURATIONS[0]): string {
  // Worked out once per colour: a page of 25 cards asked for it 25 times, out of 36 colours in all.
  const key = `${hue}/${saturation}`;
  let colour = colours.get(key);
  if (colour === undefined) colours.set(key, (colour = darkestReadable(hue, saturation)));
  return colour;
}

const colours = new Map<string, string>();

function darkestReadable(hue: number, saturation: number): string {
  for (let lightness = LIGHTEST; lightness > 10; lightness--) {
    const rgb = hslToRgb(hue, saturation, lightness);
    if (contrastWithWhite(rgb) >= MIN_CONTRAST) return hex(rgb);
  }
  return hex(hslToRgb(hue, saturation, 10));
}

/**
 * A listing's monogram. The colour (hue and saturation) and the disc's corner come from separate bits of the slug's
 * hash (the slug is unique per listing), so two listings that share initials still look different; the name gives
 * the letters.
 */
export function monogramFor(name: string, slug: string): Monogram {
  const hash = hashKey(slug || name);
  return {
    initials: monogramInitials(name),
    background: monogramColour(MONOGRAM_HUES[hash % MONOGRAM_HUES.length]!, SATURATIONS[(hash >>> 12) & 1]),
    corner: ((hash >>> 16) & 3) as Monogram["corner"],
  };
}
