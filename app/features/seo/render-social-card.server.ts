/**
 * Draws social cards as PNG on the server (decision 0072): satori lays the element tree out and turns its text into
 * paths with the Inter font shipped in @fontsource/inter, resvg rasterises the SVG. Nothing is fetched and no browser
 * runs; this module is server-only, so neither package reaches the browser's bundle.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { createConcurrencyGate } from "~/lib/concurrency-gate.ts";
import { CARD_FONT_SUBSETS, CARD_FONT_WEIGHTS, cardFontName } from "./render-social-card-fonts.server.ts";
import type { CardNode } from "./social-card-layout.server.ts";
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH } from "./social-card.ts";

type Font = Parameters<typeof satori>[1]["fonts"][number];

let fonts: Promise<Font[]> | undefined;
function loadFonts(): Promise<Font[]> {
  const require = createRequire(import.meta.url);
  fonts ??= Promise.all(
    CARD_FONT_SUBSETS.flatMap((subset) =>
      CARD_FONT_WEIGHTS.map(async (weight) => ({
        name: cardFontName(subset),
        weight,
        style: "normal" as const,
        data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  return fonts;
}

/**
 * One card drawn at a time per process, a few more waiting; past that a 429 with Retry-After (a crawler asking for
 * thousands of new cards at once would otherwise hold the one core every other request needs).
 */
const drawing = createConcurrencyGate({ running: 1, waiting: 8, retryAfterSeconds: 5 });

/** The card as a 1200×630 PNG. */
export function renderSocialCard(layout: CardNode): Promise<Uint8Array> {
  return drawing.run(() => drawCard(layout));
}

async function drawCard(layout: CardNode): Promise<Uint8Array> {
  const svg = await satori(layout as Parameters<typeof satori>[0], {
    width: SOCIAL_CARD_WIDTH,
    height: SOCIAL_CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  // Text is already paths: resvg needs no font of its own, and must not look for the machine's.
  const png = new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
  return new Uint8Array(png);
}
