/**
 * Issue 36 "Trust and safety" (decision 0114): keeping a listing grants nothing beyond it. A public-tier member who
 * keeps listing X (and is no operator) asks for EVERY route of app/routes.ts over real HTTP, the route table read when
 * the test runs, so sections added to the owner area later are swept too:
 *
 * - operator pages and APIs refuse them, read or written;
 * - every /my-listings/Y/... of a listing Y they do not keep answers 404, page and route data alike, with nothing of Y;
 * - no answer anywhere holds Y's contact values, which their tier may not see, and ownership of X shows them no
 *   gated field of X on X's public profile either (owners edit their values in the owner area's edit section).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
let cookie: string;
type Row = { id: string; type: string; slug: string; name: string };
let kept: Row;
let other: Row;

/** Values only premium may see (the default field rules), made unmistakable so any leak is found by a substring. */
const gated = (tag: string) => ({
  contactEmail: `contact-${tag}@gated-values.example`,
  primaryContactEmail: `primary-${tag}@gated-values.example`,
  phone: tag === "x" ? "+15550107311" : "+15550107322",
  hqStreet: `7 Gated ${tag.toUpperCase()} Lane`,
});
const Y_OWNER = "Yara Keeper-of-Y";
const valuesOf = (tag: string) => [...Object.values(gated(tag)), "555 0107", "5550107"];

beforeAll(async () => {
  app = await startAppOverHttp({ env: { API_CALLS_PER_MINUTE: "100000" } });
  const rows = await app.database.rows<Row>(
    sql`SELECT id::text AS id, type, slug, name FROM listings WHERE visibility = 'public' AND processing_status = 'published' ORDER BY slug LIMIT 2`,
  );
  [kept, other] = [rows[0]!, rows[1]!];
  for (const [row, tag] of [
    [kept, "x"],
    [other, "y"],
  ] as const) {
    const v = gated(tag);
    await app.database.rows(sql`UPDATE listings SET contact_email = ${v.contactEmail}, primary_contact_email = ${v.primaryContactEmail},
      phone = ${v.phone}, hq_street = ${v.hqStreet} WHERE id = ${row.id}::uuid RETURNING id`);
  }
  const { grantOwnership } = await import("~/features/listing-owners/ownership.server.ts");
  await grantOwnership(app.database.db, {
    listingId: kept.id,
    listingName: kept.name,
    userId: "demo-public",
    via: "operator",
    actor: { id: "demo-admin", source: "admin" },
  });
  // Y has an owner of its own, whose name only Y's owner area shows.
  await app.database.rows(
    sql`INSERT INTO users (id, name, email, email_verified) VALUES ('y-keeper', ${Y_OWNER}, 'yara@other-owner.example', true) RETURNING id`,
  );
  await grantOwnership(app.database.db, {
    listingId: other.id,
    listingName: other.name,
    userId: "y-keeper",
    via: "operator",
    actor: { id: "demo-admin", source: "admin" },
  });
  const browser = new Browser();
  await signIn(browser, { url: app.base, name: "app" }, "demo-public");
  cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** Every path of the route table, its parameters filled in for listing `row`. */
async function everyPath(row: Row): Promise<string[]> {
  const { default: routes } = await import("~/routes.ts");
  const paths: string[] = [];
  const fill: Record<string, string> = { listingId: row.id, id: row.id, type: row.type, slug: row.slug };
  const walk = (entries: Array<{ path?: string; children?: unknown[] }>, prefix: string) => {
    for (const entry of entries) {
      const full = [prefix, entry.path].filter(Boolean).join("/");
      if (!full.includes("*") && (entry.path !== undefined || prefix))
        paths.push(`/${full.replace(/:(\w+)/g, (_, name: string) => fill[name] ?? "x")}`);
      walk((entry.children ?? []) as typeof entries, full);
    }
  };
  walk(routes as never, "");
  return [...new Set(paths)];
}

const get = (path: string) => rawRequest(app.base, { path, headers: { Cookie: cookie } });
const post = (path: string) => rawRequest(app.base, { method: "POST", path, headers: { Cookie: cookie, Origin: app.base }, form: {} });
const OPERATOR = /^\/(admin|debug|api\/admin|api\/debug)(\/|$)/;

describe("an owner of one listing, who is no operator, asking for every route", () => {
  it("the sweep is live: they open their own listing's area", async () => {
    const own = await get(`/my-listings/${kept.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toContain(kept.name);
  });

  it("is refused every operator page and API, read or written", async () => {
    const operatorPaths = (await everyPath(other)).filter((p) => OPERATOR.test(p));
    expect(operatorPaths.length).toBeGreaterThan(30);
    for (const path of operatorPaths) {
      for (const answer of [await get(path), await post(path)]) {
        expect([401, 403, 404, 405], `${path}: ${answer.status}`).toContain(answer.status);
        for (const value of valuesOf("y")) expect(answer.body, path).not.toContain(value);
      }
    }
  });

  it("gets a 404 with nothing of another listing from every section of its owner area, page and route data", async () => {
    const ownerPaths = (await everyPath(other)).filter((p) => p.startsWith(`/my-listings/${other.id}`));
    expect(ownerPaths).toEqual(expect.arrayContaining([`/my-listings/${other.id}`, `/my-listings/${other.id}/owners`]));
    for (const path of ownerPaths) {
      const posted = await post(path);
      // A section that takes no form answers 405 before anything is read.
      expect([404, 405], `POST ${path}`).toContain(posted.status);
      for (const answer of [await get(path), await get(`${path}.data`), posted]) {
        if (answer !== posted) expect(answer.status, path).toBe(404);
        expect(answer.body, path).not.toContain(other.name);
        expect(answer.body, path).not.toContain(Y_OWNER);
        for (const value of valuesOf("y")) expect(answer.body, path).not.toContain(value);
      }
    }
  });

  it("is sent no gated contact value of the other listing, nor of its own beyond its tier, by any page or API", async () => {
    const paths = (await everyPath(other)).filter((p) => !OPERATOR.test(p));
    const ownProfile = [`/profile/${kept.type}/${kept.slug}`, `/api/listings/${kept.type}/${kept.slug}`];
    let opened = 0;
    for (const path of [...paths, ...ownProfile]) {
      const answer = await get(path);
      if (answer.status === 200) opened++;
      for (const value of [...valuesOf("y"), ...valuesOf("x")]) expect(answer.body, `${path} holds ${value}`).not.toContain(value);
    }
    expect(opened).toBeGreaterThan(20);
    // The profile of the other listing opens (the values are gated, not the page), and so does the owner's own.
    for (const path of [`/profile/${other.type}/${other.slug}`, ...ownProfile]) expect((await get(path)).status, path).toBe(200);
  });
});
