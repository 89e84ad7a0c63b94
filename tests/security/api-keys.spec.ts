/**
 * Personal API keys end to end over real HTTP (issue 18 §1, decision 0061), against a production server of its own
 * whose log this spec reads: a member makes a key in Settings, calls the JSON API with it as curl would, gets what
 * their tier gets and nothing more (checked in the bytes sent), is counted and limited per minute, revokes the key.
 * Keys never open operator endpoints, never appear in the log, and a malformed Authorization header is a 401 (or
 * the HTTP parser's 400), never a 5xx. The monthly quota and the races are in api-keys.db.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, request, test, type APIRequestContext, type Page } from "../e2e/support/test.ts";
import { openDatabase } from "../../app/lib/db.server.ts";
import { seedListings } from "../../demo/seed-database.ts";
import { startOwnServer, type OwnServer } from "../e2e/support/own-server.ts";
import { signInAs, type DemoUserName } from "../e2e/support/sign-in.ts";
import { RawConnection, requestHead } from "./support/raw-http.ts";

const E2E_PORT = Number(process.env.E2E_PORT || 3210);
const PORT = E2E_PORT + 83;
const BASE = `http://127.0.0.1:${PORT}`;
const PER_MINUTE = 12;
/** Values planted where only premium may see them: one gated field, one premium-only listing's description. */
const FIELD_SENTINEL = `premium-only-problem-${Date.now().toString(36)}`;
const LISTING_SENTINEL = `premium-only-description-${Date.now().toString(36)}`;

let server: OwnServer | undefined;
let root: string;
const log: string[] = [];
const secrets: string[] = [];
let api: APIRequestContext;
let gatedField: { type: string; slug: string };
let premiumListing: { type: string; slug: string };

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  root = mkdtempSync(path.join(tmpdir(), "introbase-api-keys-"));
  const database = await openDatabase({ dir: path.join(root, "pglite") });
  await database.migrate();
  await seedListings(database, 40);
  // Subscribers get API access on this site, so a subscriber's key can be shown to get a subscriber's answer.
  await database.rows(sql`UPDATE visibility_levels SET api_access_allowed = true WHERE name = 'subscriber'`);
  const pick = async (visibility: string) =>
    (
      await database.rows<{ type: string; slug: string }>(
        sql`SELECT type, slug FROM listings WHERE type = 'startup' AND visibility = ${visibility} AND processing_status = 'published' ORDER BY name LIMIT 1`,
      )
    )[0]!;
  gatedField = await pick("subscriber");
  await database.rows(sql`UPDATE listings SET problem = ${FIELD_SENTINEL}, field_visibility = '{"problem":"premium"}'::jsonb
    WHERE slug = ${gatedField.slug}`);
  premiumListing = await pick("public");
  await database.rows(
    sql`UPDATE listings SET visibility = 'premium', description = ${LISTING_SENTINEL} WHERE slug = ${premiumListing.slug}`,
  );
  await database.close();
  server = await startOwnServer({
    port: PORT,
    pgliteDir: path.join(root, "pglite"),
    env: { API_CALLS_PER_MINUTE: String(PER_MINUTE), LOG_LEVEL: "info" },
    output: log,
  });
  // A client as curl is: no cookie, no browser.
  api = await request.newContext({ baseURL: BASE });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

/** Signs in as a demo member on this spec's server and makes a key in Settings, as they would; its secret. */
async function makeKey(page: Page, who: DemoUserName, name: string): Promise<string> {
  await signInAs(page, who, { returnTo: "/settings" });
  await page.getByLabel("Key name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByLabel("Your new API key");
  await expect(shown).toHaveValue(/^ib_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("button", { name: "Copy key" })).toBeVisible();
  const secret = await shown.inputValue();
  secrets.push(secret);
  return secret;
}

test.describe("API keys over HTTP", () => {
  let priya: string;
  let sam: string;

  test.use({ baseURL: BASE });

  test("a premium member makes a key in Settings and calls the API with it, counted and told the limits", async ({ page }) => {
    priya = await makeKey(page, "Priya Premium", "CRM sync");
    const list = page.getByRole("list", { name: "Your API keys" });
    await expect(list.getByText("CRM sync")).toBeVisible();
    await expect(list.getByText(`${priya.slice(0, 11)}…`)).toBeVisible();
    await expect(list.getByText("Never used")).toBeVisible();
    // The secret is shown once: the page loaded again does not hold it.
    await page.reload();
    expect(await page.content()).not.toContain(priya);

    const answer = await api.get("/api/listings?type=startup&pageSize=25", { headers: bearer(priya) });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["ratelimit-policy"]).toMatch(new RegExp(`^"minute";q=${PER_MINUTE};w=60, "month";q=10000;w=\\d+$`));
    expect(answer.headers()["ratelimit"]).toMatch(new RegExp(`^"minute";r=${PER_MINUTE - 1};t=[1-9]\\d*, "month";r=9999;t=\\d+$`));
    expect(answer.headers()["cache-control"]).toBe("no-store");

    await page.reload();
    await expect(list.getByText(/Last used/)).toBeVisible();
  });

  test("the key gets exactly what premium gets; a subscriber's key what a subscriber gets, in the bytes sent", async ({ page }) => {
    sam = await makeKey(page, "Sam Subscriber", "Spreadsheet");
    const field = `/api/listings/${gatedField.type}/${gatedField.slug}`;
    const listing = `/api/listings/${premiumListing.type}/${premiumListing.slug}`;

    const premiumField = await api.get(field, { headers: bearer(priya) });
    expect(await premiumField.text()).toContain(FIELD_SENTINEL);
    const premiumListingAnswer = await api.get(listing, { headers: bearer(priya) });
    expect(await premiumListingAnswer.text()).toContain(LISTING_SENTINEL);

    const subscriberField = await api.get(field, { headers: bearer(sam) });
    expect(subscriberField.status()).toBe(200);
    const subscriberFieldText = await subscriberField.text();
    expect(subscriberFieldText).not.toContain(FIELD_SENTINEL);
    expect(JSON.parse(subscriberFieldText).data.lockedFields.problem).toMatchObject({ requiredTier: "premium" });
    const subscriberListing = await api.get(listing, { headers: bearer(sam) });
    const subscriberListingText = await subscriberListing.text();
    expect(subscriberListingText).not.toContain(LISTING_SENTINEL);
    expect(JSON.parse(subscriberListingText)).toMatchObject({ locked: true });
    const directory = await api.get("/api/listings?pageSize=100", { headers: bearer(sam) });
    expect(await directory.text()).not.toContain(LISTING_SENTINEL);

    // Without a key: a visitor's answer, as before.
    expect(await (await api.get(field)).text()).not.toContain(FIELD_SENTINEL);
  });

  test("a key never opens an operator endpoint, even an admin's own key", async ({ page }) => {
    const ada = await makeKey(page, "Ada Admin", "Admin's script");
    for (const path of [
      "/api/admin/audit-log",
      "/api/debug/whoami",
      "/api/admin/get-company?id=1",
      "/api/leads-on-trees?endpoint=funding",
    ]) {
      const answer = await api.get(path, { headers: bearer(ada) });
      expect([401, 403], path).toContain(answer.status());
    }
    // The same admin signed in (a cookie, no key) still reaches them: nothing changed for the browser.
    expect((await page.request.get(`${BASE}/api/debug/whoami`)).status()).toBe(200);
  });

  test("a key's request is not refused as cross-origin; a cookie's still is", async ({ page }) => {
    const body = { data: JSON.stringify({}) };
    const keyed = await api.post("/api/intro-requests", { headers: { ...bearer(priya), Origin: "https://evil.example" }, ...body });
    expect(keyed.status()).not.toBe(403);
    expect(keyed.status()).toBeLessThan(500);
    await page.goto(`${BASE}/settings`);
    const cookied = await page.request.post(`${BASE}/api/intro-requests`, { headers: { Origin: "https://evil.example" }, ...body });
    expect(cookied.status()).toBe(403);
    expect(await cookied.json()).toEqual({ error: "Cross-origin request refused." });
  });

  test("the per-minute limit answers 429 with Retry-After and the rate-limit headers", async ({ page }) => {
    // A member with no call yet this minute: the window opens at the first call.
    const fresh = await makeKey(page, "Sam Subscriber", "Burst");
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<APIRequestContext["get"]>> | undefined;
    for (let i = 0; i < PER_MINUTE * 2 && !refused; i++) {
      const answer = await api.get("/api/reference", { headers: bearer(fresh) });
      statuses.push(answer.status());
      if (answer.status() === 429) refused = answer;
    }
    // Sam's earlier calls in this minute count too (the limit is per member): at most PER_MINUTE get through.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(PER_MINUTE);
    expect(refused, `statuses: ${statuses.join(",")}`).toBeDefined();
    const retryAfter = Number(refused!.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused!.headers()["ratelimit"]).toMatch(/^"minute";r=0;t=\d+$/);
    expect(await refused!.json()).toEqual({ error: expect.stringContaining(`at most ${PER_MINUTE} a minute`) });
  });

  test("revoked in Settings, the key is refused at the next call with 401 and WWW-Authenticate", async ({ page }) => {
    await signInAs(page, "Priya Premium", { returnTo: "/settings" });
    await page.getByRole("button", { name: "Revoke CRM sync" }).click();
    await expect(page.getByText("Key revoked: it no longer works.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Your API keys" }).getByText(/^Revoked/)).toBeVisible();
    const answer = await api.get("/api/listings", { headers: bearer(priya) });
    expect(answer.status()).toBe(401);
    expect(answer.headers()["www-authenticate"]).toMatch(/^Bearer realm="Introbase API"/);
    expect(await answer.json()).toEqual({ error: expect.stringContaining("revoked") });
  });

  test("the settings forms work without JavaScript: a name is required, beside the field", async ({ page }) => {
    await signInAs(page, "Priya Premium", { returnTo: "/settings" });
    // What a browser without JavaScript posts: the form, from our own page.
    const posted = await page.request.post(`${BASE}/settings`, {
      headers: { Origin: BASE },
      form: { intent: "create-api-key", name: "   " },
    });
    expect(posted.status()).toBe(400);
    const html = await posted.text();
    expect(html).toContain("Give the key a name");
    expect(html).toMatch(/aria-invalid="true"[^>]*name="name"|name="name"[^>]*aria-invalid="true"/);
  });

  test("malformed Authorization headers are 401, never a 5xx", async () => {
    for (const value of [
      "Bearer",
      "Bearer ",
      "Basic dXNlcjpwYXNz",
      `Bearer ${"A".repeat(8_000)}`,
      "Bearer ib_short",
      `Bearer ib_${"a".repeat(43)}`,
    ]) {
      const answer = await api.get("/api/listings", { headers: { Authorization: value } });
      expect(answer.status(), JSON.stringify(value.slice(0, 20))).toBe(401);
      expect(answer.headers()["www-authenticate"]).toMatch(/^Bearer/);
    }
    // What a client library will not send: an empty value, NUL (the HTTP parser's 400), raw UTF-8.
    for (const value of [Buffer.alloc(0), Buffer.from("Bearer ib_\0abc", "latin1"), Buffer.from(`Bearer ib_${"é".repeat(43)}`, "utf8")]) {
      const connection = await RawConnection.open(PORT);
      try {
        const head = requestHead("GET", "/api/listings", { host: `127.0.0.1:${PORT}` }).replace(/\r\n\r\n$/, "\r\n");
        await connection.write(
          Buffer.concat([Buffer.from(`${head}Authorization: `), value, Buffer.from("\r\nConnection: close\r\n\r\n")]),
          false,
        );
        const response = await connection.nextResponse();
        // Our 401, or for NUL the HTTP parser's 400 before any of our code runs.
        expect(value.includes(0) ? [400, 401] : [401]).toContain(response?.status);
      } finally {
        connection.destroy();
      }
    }
  });

  test("/developers shows the endpoints of the OpenAPI document with a curl line to copy, linked from the footer", async ({ page }) => {
    const document = (await (await api.get("/api/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    await page.goto(`${BASE}/`);
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "API for developers" }).click();
    await expect(page).toHaveURL(`${BASE}/developers`);
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, unknown>>))
      for (const method of Object.keys(operations)) {
        const heading = new RegExp(`${method.toUpperCase()} ${path.replace(/[{}.]/g, "\\$&")}$`);
        await expect(page.getByRole("heading", { name: heading })).toBeVisible();
      }
    await expect(
      page.getByText(`curl -i -H "Authorization: Bearer $INTROBASE_API_KEY" "${BASE}/api/listings?type=startup&pageSize=25"`).first(),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy curl" }).first()).toBeVisible();
  });

  test("no key appears in the server's log", async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    // The log did record the keyed calls (the access log is on at info): the test looks where a key would be.
    expect(log.some((line) => line.includes("/api/listings"))).toBe(true);
    for (const secret of secrets) {
      const leaked = log.filter((line) => line.includes(secret.slice(3)));
      expect(leaked, "a log line holding a key").toEqual([]);
    }
  });
});
