/**
 * The card's font: Inter from @fontsource/inter, one file per script and weight. Each script is loaded under a name
 * of its own and the card names them all in order: satori looks for a missing letter in the next family named, not
 * in another file of the same name (a Cyrillic name drew "no glyph" boxes with one "Inter").
 */
export const CARD_FONT_SUBSETS = ["latin", "latin-ext", "greek", "greek-ext", "cyrillic", "cyrillic-ext", "vietnamese"] as const;
export const CARD_FONT_WEIGHTS = [400, 700] as const;

export const cardFontName = (subset: (typeof CARD_FONT_SUBSETS)[number]) => `Inter ${subset}`;

export const CARD_FONT_FAMILY = CARD_FONT_SUBSETS.map(cardFontName).join(", ");
