/**
 * Social preview cards (issue 29 finding 12): every profile names its own card in og:image, the card is a 1200×630
 * PNG drawn on the server, cached by the hash of what it shows, and shows only what a visitor may see.
 */
import { Resvg } from "@resvg/resvg-js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/index.ts";
import { seedListings } from "#demo/seed-database.ts";
import { monogramInitials } from "~/features/catalog/monogram.ts";
import { storeFile } from "~/features/media/stored-files.server.ts";
import { cardTexts, profileCardLayout } from "~/features/seo/social-card-layout.server.ts";
import { findPublicSocialCard } from "~/features/seo/social-card.server.ts";
import { SITE_CARD_PATH } from "~/features/seo/social-card.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
import type * as ProfileRoute from "./+types/profile";
import * as profile from "./profile.tsx";
import * as card from "./social-card.ts";
import * as siteCard from "./social-card-site.ts";

interface Row {
  type: "startup" | "investor" | "partner";
  slug: string;
  name: string;
  tagline: string;
}
let database: Database;
/** A premium-only startup with a team and a problem statement: a visitor gets its teaser. */
let locked: Row & { team: string[]; problem: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 30);
  [locked] = (await database.rows<Row & { team: string[]; problem: string }>(sql`
    UPDATE listings SET visibility = 'premium', problem = 'Secret problem statement 7f3a', tagline = 'Ledgers for small lenders'
    WHERE id = (SELECT l.id FROM listings l JOIN team_members t ON t.listing_id = l.id WHERE l.type = 'startup' ORDER BY l.slug LIMIT 1)
    RETURNING type, slug, name, tagline, problem,
      (SELECT array_agg(name) FROM team_members WHERE listing_id = listings.id) AS team`)) as [Row & { team: string[]; problem: string }];
});

afterAll(async () => {
  await database?.close();
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function profileMeta(row: Pick<Row, "type" | "slug">, user: ReturnType<typeof testUser> | null = null) {
  const params = { type: row.type, slug: row.slug };
  const data = await profile.loader(
    loaderArgs<ProfileRoute.Route.LoaderArgs>(database, `/profile/${row.type}/${row.slug}`, params, { user }),
  );
  const tags = profile.meta({ loaderData: data, matches: [{ id: "root", loaderData: { origin: "https://introbase.test" } }] } as never);
  const content = (property: string) =>
    (tags.find((t) => (t as { property?: string }).property === property) as { content?: string })?.content;
  return { content, tags };
}

const fetchCard = (path: string, headers: Record<string, string> = {}) => {
  const [, , type, slug, file] = path.split("/") as [string, string, string, string, string];
  // Answered as the server answers: a not-found is thrown to the error pipeline.
  return answerOf(card.loader(loaderArgs(database, path, { type, slug, file }, { init: { headers } }) as never));
};

describe("a profile's social card", () => {
  it("is named by the profile's og:image, with its size and alt text, its version in the address", async () => {
    const { content } = await profileMeta(locked);
    const image = content("og:image")!;
    expect(image).toMatch(new RegExp(`^https://introbase\\.test/og/startup/${locked.slug}/[0-9a-f]{16}\\.png$`));
    expect(content("og:image:width")).toBe("1200");
    expect(content("og:image:height")).toBe("630");
    expect(content("og:image:alt")).toBe(`${locked.name}, a startup on Introbase: Ledgers for small lenders`);
  });

  it("is a 1200×630 PNG, cached for a year by its version, answered 304 to its ETag", async () => {
    const path = new URL((await profileMeta(locked)).content("og:image")!).pathname;
    const response = await fetchCard(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const again = await fetchCard(path, { "If-None-Match": response.headers.get("ETag")! });
    expect(again.status).toBe(304);
  });

  it("is the same address for a premium member as for a visitor: the card is drawn for a visitor, whoever asks", async () => {
    const visitor = (await profileMeta(locked)).content("og:image");
    const member = testUser("premium");
    await database.db.insert(users).values({ id: member.id, name: member.name, email: member.email, tier: "premium", emailVerified: true });
    const seen = (await profileMeta(locked, member)).content("og:image");
    expect(seen).toBe(visitor);
  });

  it("shows only what the locked teaser shows: name, type and tagline, never a gated value", async () => {
    const shown = await findPublicSocialCard(database, locked.type, locked.slug);
    const texts = cardTexts(profileCardLayout(shown!, null));
    // The monogram's initials (no stored logo), the name, the type, the tagline, the site's name.
    expect(texts).toEqual([monogramInitials(locked.name), locked.name, "Startup", "Ledgers for small lenders", "Introbase"]);
    const all = texts.join("\n");
    expect(all).not.toContain(locked.problem);
    for (const name of locked.team) expect(all).not.toContain(name);
  });

  it("gets a new address when the listing is renamed; the old one leads to the new card", async () => {
    const before = new URL((await profileMeta(locked)).content("og:image")!).pathname;
    await database.rows(sql`UPDATE listings SET name = ${`${locked.name} Renamed`} WHERE slug = ${locked.slug}`);
    const after = new URL((await profileMeta(locked)).content("og:image")!).pathname;
    expect(after).not.toBe(before);
    const old = await fetchCard(before).catch((thrown: unknown) => thrown as Response);
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe(after);
    expect((await fetchCard(after)).status).toBe(200);
  });

  it("draws a stored logo instead of the monogram", async () => {
    const logo = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#0a7"/></svg>',
    )
      .render()
      .asPng();
    const id = await storeFile(database, "image/png", new Uint8Array(logo));
    await database.rows(sql`UPDATE listings SET logo_url = ${`/media/${id}`} WHERE slug = ${locked.slug}`);
    const shown = (await findPublicSocialCard(database, locked.type, locked.slug))!;
    expect(shown.logo).toBe(`/media/${id}`);
    expect(cardTexts(profileCardLayout(shown, "data:image/png;base64,"))).not.toContain(monogramInitials(locked.name));
    const response = await fetchCard(new URL((await profileMeta(locked)).content("og:image")!).pathname);
    expect(response.status).toBe(200);
    const png = new Uint8Array(await response.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    // The logo's green is on the card: a pixel count would be brittle, its colour appearing at all is enough.
    const pixels = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><image href="data:image/png;base64,${Buffer.from(png).toString("base64")}" width="1200" height="630"/></svg>`,
    ).render().pixels;
    let green = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] === 0 && pixels[i + 1] === 0xaa && pixels[i + 2] === 0x77) green++;
    expect(green).toBeGreaterThan(1000);
  });

  it("answers 404 for a listing that does not exist or a malformed address", async () => {
    expect((await fetchCard(`/og/startup/no-such-listing/0123456789abcdef.png`)).status).toBe(404);
    expect((await fetchCard(`/og/startup/${locked.slug}/latest.png`)).status).toBe(404);
    expect((await fetchCard(`/og/company/${locked.slug}/0123456789abcdef.png`)).status).toBe(404);
  });
});

describe("the site's card", () => {
  it("is a 1200×630 PNG at the address every other page names", async () => {
    const file = SITE_CARD_PATH.split("/").pop()!;
    const response = await siteCard.loader(loaderArgs(database, SITE_CARD_PATH, { file }) as never);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await answerOf(siteCard.loader(loaderArgs(database, "/og/site/0.png", { file: "0.png" }) as never))).status).toBe(404);
  });
});
