/**
 * /admin/members (issue 30 §6, decision 0081) as an attacker tries it, over real HTTP to the whole application: a
 * member who is not an admin, a visitor, an API key (even an admin's), and another site's page with the admin's cookie
 * (CSRF) call each page and each action, and nothing changes. And as an operator uses it: a grant the member's next
 * request already has, bad input answered beside its field, an unknown member, a refund in demo billing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
const server = () => ({ url: app.base, name: "app" });
const admin = new Browser();
/** A member who is not an admin, trying the pages and actions on someone else. */
const member = new Browser();
/** The member the operator acts on, signed in. */
const target = new Browser();
let adminKey = "";
let memberKey = "";
const TARGET = "demo-public";

const cookieOf = (browser: Browser) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** What the actions change, all of it: compared before and after each refused attempt. */
async function state() {
  const [row] = await app.database.rows<Record<string, unknown>>(sql`
    SELECT (SELECT tier FROM users WHERE id = ${TARGET}) AS tier,
      (SELECT disabled_at FROM users WHERE id = ${TARGET}) AS disabled_at,
      (SELECT count(*)::int FROM tier_grants WHERE user_id = ${TARGET} AND source = 'complimentary') AS grants,
      (SELECT count(*)::int FROM sessions WHERE user_id = ${TARGET}) AS sessions,
      (SELECT count(*)::int FROM audit_log WHERE operation = 'member_account') AS audits`);
  return row;
}

const ACTIONS: Array<Record<string, string>> = [
  { intent: "grant", tier: "premium", until: "2099-12-31", reason: "Forged" },
  { intent: "revoke", reason: "Forged" },
  { intent: "disable", reason: "Forged" },
  { intent: "enable", reason: "Forged" },
  { intent: "refund", invoice: "in_forged", ending: "now", reason: "Forged", confirm: "yes" },
];

beforeAll(async () => {
  app = await startAppOverHttp();
  await signIn(admin, server(), "demo-admin");
  await signIn(member, server(), "demo-premium");
  await signIn(target, server(), TARGET);
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  ({ secret: adminKey } = await createApiKey(app.database, "demo-admin", "admin's script"));
  await app.database.rows(sql`UPDATE users SET tier = 'premium' WHERE id = 'demo-subscriber' RETURNING id`);
  ({ secret: memberKey } = await createApiKey(app.database, "demo-subscriber", "member's script"));
  // A complimentary plan to take back, so "revoke" has something to refuse to do.
  const { grantTier } = await import("~/features/access/member-tier.server.ts");
  await grantTier(app.database, TARGET, { source: "complimentary", tier: "subscriber", endsAt: new Date("2099-01-01T00:00:00Z") });
});

afterAll(async () => {
  await app?.close();
});

describe("who may not", () => {
  const pages = ["/admin/members", "/admin/members?q=pat", `/admin/members/${TARGET}`, `/admin/members/${TARGET}.data`];

  it("a signed-in member who is not an admin: 403 for every page, and every action changes nothing", async () => {
    for (const path of pages) {
      const answer = await member.get(server(), path);
      expect(answer.status, path).toBe(403);
      expect(await answer.text()).not.toContain("pat.public@demo.introbase.test");
    }
    const before = await state();
    for (const form of ACTIONS) expect((await member.post(server(), `/admin/members/${TARGET}`, form)).status, form.intent).toBe(403);
    expect(await state()).toEqual(before);
  });

  it("a visitor: sent to sign in, and every action changes nothing", async () => {
    const before = await state();
    for (const path of pages.slice(0, 3)) {
      const answer = await rawRequest(app.base, { path, headers: { Accept: "text/html" } });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toMatch(/^\/sign-in\?returnTo=/);
    }
    for (const form of ACTIONS) {
      const answer = await rawRequest(app.base, { method: "POST", path: `/admin/members/${TARGET}`, form, headers: { Origin: app.base } });
      expect(answer.status).toBe(302);
    }
    expect(await state()).toEqual(before);
  });

  it("an API key, a member's or an admin's: keys never open operator pages, and act as nobody there", async () => {
    const before = await state();
    for (const key of [memberKey, adminKey]) {
      const headers = { Authorization: `Bearer ${key}`, Accept: "text/html" };
      for (const path of pages.slice(0, 3)) {
        const answer = await rawRequest(app.base, { path, headers });
        expect([302, 401, 403]).toContain(answer.status);
        expect(answer.body).not.toContain("pat.public@demo.introbase.test");
      }
      for (const form of ACTIONS) {
        const answer = await rawRequest(app.base, { method: "POST", path: `/admin/members/${TARGET}`, form, headers });
        expect([302, 401, 403]).toContain(answer.status);
      }
    }
    expect(await state()).toEqual(before);
  });

  it("another site's page posting with the admin's cookie (CSRF): refused, nothing changed", async () => {
    const before = await state();
    for (const form of ACTIONS) {
      const attempts: Array<Record<string, string>> = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
        { Referer: "https://evil.example/x" },
      ];
      for (const headers of attempts) {
        const answer = await rawRequest(app.base, {
          method: "POST",
          path: `/admin/members/${TARGET}`,
          form,
          headers: { Cookie: cookieOf(admin), ...headers },
        });
        expect(answer.status, `${form.intent} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(answer.body)).toEqual({ error: "Cross-origin request refused." });
      }
    }
    expect(await state()).toEqual(before);
  });
});

describe("the operator", () => {
  const post = (form: Record<string, string>, id = TARGET) => admin.post(server(), `/admin/members/${id}`, form);

  it("finds the member by part of their address", async () => {
    const html = await (await admin.get(server(), "/admin/members?q=PUBLIC%40demo")).text();
    expect(html).toContain("pat.public@demo.introbase.test");
    expect(html).not.toContain("sam.subscriber@demo.introbase.test");
  });

  it("gives a complimentary Premium, which the member's very next request has", async () => {
    const tierOfMember = async () => ((await (await target.get(server(), "/api/auth/me")).json()) as { user: { tier: string } }).user.tier;
    expect(await tierOfMember()).toBe("subscriber");
    const answer = await post({ intent: "grant", tier: "premium", until: inAYear(), reason: "Partner programme" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Complimentary Premium given until");
    expect(await tierOfMember()).toBe("premium");
  });

  it("gets each bad value back beside its field, with nothing done", async () => {
    const before = await state();
    const cases: Array<[Record<string, string>, string]> = [
      [{ intent: "grant", tier: "premium", until: "2001-01-01", reason: "Late" }, "The date is in the past: choose "],
      [{ intent: "grant", tier: "premium", until: "2031-02-30", reason: "No such day" }, "Enter a date as YYYY-MM-DD."],
      [{ intent: "grant", tier: "enterprise", until: inAYear(), reason: "x" }, "Choose the plan to give."],
      [{ intent: "grant", tier: "premium", until: inAYear(), reason: "r".repeat(501) }, "At most 500 characters."],
      [{ intent: "grant", tier: "premium", until: inAYear(), reason: "  " }, "Give a reason: it is kept in the audit log."],
      [{ intent: "disable", reason: "nul\u0000inside" }, "This field contains a character that is not allowed (NUL). Please remove it."],
      [{ intent: "teleport" }, "Unknown action."],
    ];
    for (const [form, message] of cases) {
      const answer = await post(form);
      expect(answer.status, message).toBe(400);
      expect(await answer.text(), message).toContain(message);
    }
    expect(await state()).toEqual(before);
  });

  it("is told of an unknown member, on the page and in an action", async () => {
    expect((await admin.get(server(), "/admin/members/nobody-at-all")).status).toBe(404);
    const answer = await post({ intent: "grant", tier: "premium", until: inAYear(), reason: "x" }, "nobody-at-all");
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("No such member");
  });

  it("cannot refund in demo billing, and is told why", async () => {
    const answer = await post({ intent: "refund", invoice: "in_123", ending: "now", reason: "Goodwill", confirm: "yes" });
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("this site takes no payments (demo billing)");
  });

  it("cannot disable their own account", async () => {
    const answer = await post({ intent: "disable", reason: "Oops" }, "demo-admin");
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("You cannot disable your own account.");
    expect(((await (await admin.get(server(), "/api/auth/me")).json()) as { user: { id: string } }).user.id).toBe("demo-admin");
  });
});
