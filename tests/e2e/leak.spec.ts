/**
 * The leak test (issue 3): listings whose gated values are unique sentinel strings, at every combination of
 * listing level and field level; every page, its route data, every API and the CSV export fetched as an
 * anonymous visitor, a subscriber and a premium member. Each sentinel must appear exactly where that viewer's
 * tier may see it, and nowhere else. It runs its own server on its own database, built by the fixtures script.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./support/test.ts";
import { requestAs, type DemoUserId } from "./support/request-as.ts";
import type { Sentinel } from "./support/leak-fixtures.ts";

/** leak-fixtures.ts's PROVENANCE_DETAIL (not imported: importing the script would run it). */
const PROVENANCE_DETAIL = "ZQXPROVENANCEDETAILQXZ";
import { startOwnServer, type OwnServer } from "./support/own-server.ts";

const PORT = Number(process.env.E2E_PORT || 3210) + 77;
const BASE = `http://127.0.0.1:${PORT}`;
const RANK = { public: 1, subscriber: 2, premium: 3 } as const;
type Tier = keyof typeof RANK;

let server: OwnServer | undefined;
let root: string;
let sentinels: Sentinel[];

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  // Building the fixtures database and starting a second server: the hook's default 30 s is not enough on a busy machine.
  test.setTimeout(300_000);
  root = mkdtempSync(path.join(tmpdir(), "introbase-leak-"));
  const manifest = path.join(root, "sentinels.json");
  execFileSync("npx", ["tsx", "tests/e2e/support/leak-fixtures.ts", path.join(root, "pglite"), manifest], { stdio: "pipe" });
  sentinels = JSON.parse(readFileSync(manifest, "utf8")) as Sentinel[];
  server = await startOwnServer({ port: PORT, pgliteDir: path.join(root, "pglite") });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A request context for the leak server, signed in as a demo user (or anonymous). */
const viewer = (user: DemoUserId | null) => requestAs(BASE, user);

function urlsFor(tier: Tier | null): string[] {
  const profiles = [...new Set(sentinels.map((s) => s.path))];
  const pages = [
    "/",
    "/listings",
    "/listings?pageSize=100",
    "/listings?searchQuery=ZQX",
    "/directory?type=startups&pageSize=100",
    "/settings",
  ];
  return [
    ...pages,
    ...pages.map((p) => p.replace(/^\/(\?|$)/, "/_root$1").replace(/(\?|$)/, ".data$1")),
    "/api/listings?pageSize=100",
    "/api/listings?type=startups&pageSize=100",
    "/api/reference",
    "/api/auth/me",
    ...profiles,
    ...profiles.map((p) => `${p}.data`),
    ...profiles.map((p) => p.replace("/profile/", "/api/listings/")),
    ...(tier && tier !== "public" ? ["/api/listings/export.csv?type=startups", "/api/listings/export.csv"] : []),
  ];
}

/** Where a viewer of `tier` may see a sentinel: the listing's level and, for a field, the field's level too. */
function visibleTo(sentinel: Sentinel, tier: Tier): boolean {
  return RANK[tier] >= RANK[sentinel.listingLevel] && (!sentinel.fieldLevel || RANK[tier] >= RANK[sentinel.fieldLevel]);
}

for (const [label, user, tier] of [
  ["an anonymous visitor", null, "public"],
  ["a subscriber", "demo-subscriber", "subscriber"],
  ["a premium member", "demo-premium", "premium"],
] as const) {
  test(`${label} receives exactly the sentinels of their tier, in every page, route data, API and CSV`, async () => {
    const context = await viewer(user);
    const seenAt = new Map<string, string[]>();
    const detailAt: string[] = [];
    for (const url of urlsFor(user ? tier : null)) {
      const response = await context.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBeLessThan(500);
      const body = await response.text();
      if (body.includes(PROVENANCE_DETAIL)) detailAt.push(url);
      for (const sentinel of sentinels)
        if (body.includes(sentinel.text)) seenAt.set(sentinel.text, [...(seenAt.get(sentinel.text) ?? []), url]);
    }
    const leaks = sentinels
      .filter((s) => !visibleTo(s, tier) && seenAt.has(s.text))
      .map((s) => `${s.text} at ${seenAt.get(s.text)!.join(", ")}`);
    const missing = sentinels.filter((s) => visibleTo(s, tier) && !seenAt.has(s.text)).map((s) => s.text);
    expect(leaks, "sentinels above this tier that reached it").toEqual([]);
    expect(detailAt, "a provenance record's operator detail, which no visitor may receive").toEqual([]);
    expect(missing, "sentinels this tier may see that no page showed (the test would prove nothing)").toEqual([]);
    await context.dispose();
  });
}

/** The mask texts a response carries: every run of text with a "•" in it, in HTML, route data or JSON alike. */
const masksIn = (body: string) => [...new Set(body.match(/[^\s<>"\\]*•[^<>"\\]*/g) ?? [])].sort();

// Issue 29: a mask made from the value gave it away (e-mail initials beside the public website's domain, a phone's last
// digits and length). Whatever the phone and e-mail behind it, or none, a viewer who may not see them gets one text.
for (const [label, user] of [
  ["an anonymous visitor", null],
  ["a subscriber", "demo-subscriber"],
] as const) {
  test(`${label} receives the same masked phone and e-mail for every listing, in the page, its route data and the API`, async () => {
    const context = await viewer(user);
    const premium = await viewer("demo-premium");
    const listed = (await (await context.get("/api/listings?pageSize=100")).json()) as {
      data: Array<{ slug: string; type: string; locked: boolean }>;
    };
    const sent = { phone: new Set<string>(), email: new Set<string>(), page: new Set<string>(), routeData: new Set<string>() };
    const behind = { phone: new Set<unknown>(), email: new Set<unknown>() };
    for (const { slug, type } of listed.data.filter((item) => !item.locked)) {
      const { data } = (await (await context.get(`/api/listings/${type}/${slug}`)).json()) as {
        data: { lockedFields: Record<string, unknown> };
      };
      const { phone, contactEmail } = data.lockedFields;
      // A sentinel listing whose contacts are open to this tier has nothing masked.
      if (!phone || !contactEmail) continue;
      // The level that unlocks them is the listing's setting, not its value: the placeholder is what must not differ.
      sent.phone.add(JSON.stringify((phone as { placeholder: unknown }).placeholder));
      sent.email.add(JSON.stringify((contactEmail as { placeholder: unknown }).placeholder));
      sent.page.add(JSON.stringify(masksIn(await (await context.get(`/profile/${type}/${slug}`)).text())));
      sent.routeData.add(JSON.stringify(masksIn(await (await context.get(`/profile/${type}/${slug}.data`)).text())));
      const open = (await (await premium.get(`/api/listings/${type}/${slug}`)).json()) as {
        data: { phone: unknown; contactEmail: unknown };
      };
      behind.phone.add(open.data.phone);
      behind.email.add(open.data.contactEmail);
    }
    expect([...sent.phone], "the phone masks in the JSON API").toHaveLength(1);
    expect([...sent.email], "the e-mail masks in the JSON API").toHaveLength(1);
    expect([...sent.page], "the mask texts in the profile pages").toHaveLength(1);
    expect([...sent.routeData], "the mask texts in the profiles' route data").toHaveLength(1);
    expect(JSON.parse([...sent.page][0]!), "both masks are drawn in the page").toHaveLength(2);
    // Many different values (and listings with none) behind the masks, or this would prove nothing.
    expect(behind.phone.size, "different phone numbers behind the masks").toBeGreaterThan(10);
    expect(behind.email.size, "different e-mails behind the masks").toBeGreaterThan(10);
    await context.dispose();
    await premium.dispose();
  });
}
