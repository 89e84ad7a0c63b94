/**
 * The drawing of a social card, as the element tree satori lays out (plain objects, no React needed). Only the
 * strings in this tree are drawn as text: social-card-layout.server.test.ts reads them to prove what a card can show.
 */
import { monogramFor } from "../catalog/monogram.ts";
import { TYPE_LABEL } from "../catalog/listing-types.ts";
import { SITE_DESCRIPTION, SITE_NAME } from "./meta-tags.ts";
import { CARD_FONT_FAMILY } from "./render-social-card-fonts.server.ts";
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCard } from "./social-card.ts";

export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[]; src?: string; width?: number; height?: number };
}
export type CardChild = CardNode | string;

const el = (type: string, style: Record<string, string | number>, children?: CardChild | CardChild[]): CardNode => ({
  type,
  props: { style, children },
});

/** The site's one accent and neutrals (app.css), on a light surface: cards are seen on any feed's background. */
const ACCENT = "#4338ca";
const INK = "#111827";
const MUTED = "#4b5563";
const SURFACE = "#ffffff";

const BAR = 16;
const PAD = { top: 56, bottom: 48, side: 72 };
/**
 * Inside the frame's bar and padding. Satori sizes boxes by their content (content-box), so the frame is given these
 * and text blocks this width: a long word or line never runs past the edge.
 */
const INNER_WIDTH = SOCIAL_CARD_WIDTH - 2 * PAD.side;
const INNER_HEIGHT = SOCIAL_CARD_HEIGHT - BAR - PAD.top - PAD.bottom;

const FRAME = {
  width: INNER_WIDTH,
  height: INNER_HEIGHT,
  display: "flex",
  flexDirection: "column",
  justifyContent: "space-between",
  background: SURFACE,
  borderTop: `${BAR}px solid ${ACCENT}`,
  paddingTop: PAD.top,
  paddingBottom: PAD.bottom,
  paddingLeft: PAD.side,
  paddingRight: PAD.side,
  fontFamily: CARD_FONT_FAMILY,
  color: INK,
};

function wordmark(): CardNode {
  return el("div", { display: "flex", alignItems: "center", fontSize: 30, fontWeight: 700, color: ACCENT }, SITE_NAME);
}

/** Up to `lines` lines, cut with an ellipsis: a long tagline never runs off the card. */
function clamped(text: string, size: number, lines: number, colour: string, weight = 400, width = INNER_WIDTH): CardNode {
  // The height too: the layout otherwise keeps room for the lines the clamp cut, pushing the rest off the card.
  const style = { display: "block", width, maxHeight: Math.ceil(lines * size * 1.3), overflow: "hidden", lineClamp: lines };
  return el("div", { ...style, fontSize: size, fontWeight: weight, color: colour, lineHeight: 1.3 }, text);
}

/** The logo (a stored raster image, as a data: URL) or the listing's monogram, the same one its pages draw. */
function logoOrMonogram(card: SocialCard, logoDataUrl: string | null): CardNode {
  const box = { width: 168, height: 168, borderRadius: 28, flexShrink: 0 };
  if (logoDataUrl)
    return {
      type: "img",
      props: { src: logoDataUrl, width: 168, height: 168, style: { ...box, objectFit: "contain", border: "2px solid #e3e5ea" } },
    };
  const { initials, background } = monogramFor(card.name, card.slug);
  return el(
    "div",
    {
      ...box,
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      background,
      color: "#ffffff",
      fontSize: 72,
      fontWeight: 700,
    },
    initials,
  );
}

/** A profile's card: logo or monogram, name, type and tagline; nothing else of the listing is in reach here. */
export function profileCardLayout(card: SocialCard, logoDataUrl: string | null): CardNode {
  const heading = el("div", { display: "flex", alignItems: "center" }, [
    logoOrMonogram(card, logoDataUrl),
    el("div", { display: "flex", flexDirection: "column", marginLeft: 40 }, [
      clamped(card.name, 60, 2, INK, 700, INNER_WIDTH - 168 - 40),
      el("div", { display: "flex", marginTop: 12, fontSize: 30, color: ACCENT, fontWeight: 700 }, TYPE_LABEL[card.type]),
    ]),
  ]);
  const tagline = card.tagline?.trim();
  return el("div", FRAME, [heading, tagline ? clamped(tagline, 38, 3, MUTED) : el("div", { display: "flex" }), wordmark()]);
}

/** The site's card, for every page without its own. */
export function siteCardLayout(): CardNode {
  return el("div", FRAME, [
    wordmark(),
    el("div", { display: "flex", flexDirection: "column" }, [
      clamped("Partner and Investor Directory", 72, 2, INK, 700),
      el("div", { display: "flex", marginTop: 24 }, [clamped(SITE_DESCRIPTION, 36, 3, MUTED)]),
    ]),
    el("div", { display: "flex", fontSize: 28, color: MUTED }, "Startups · Investors · Local partners"),
  ]);
}

/** Every string the card draws, in order. */
export function cardTexts(node: CardChild | CardChild[] | undefined): string[] {
  if (node === undefined) return [];
  if (typeof node === "string") return [node];
  if (Array.isArray(node)) return node.flatMap(cardTexts);
  return cardTexts(node.props.children);
}
