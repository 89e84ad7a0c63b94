/**
 * Issue 30 §1 over real HTTP, through the whole application (its origin check, sessions and routes), as an attacker
 * sends it: every new account form refuses a post from another site (CSRF), whoever's cookie it carries, and changes
 * nothing; sign-in, sign-up and forgot-password answer an address with an account and one without alike; NUL and
 * over-long input are a 400 with a message, never a 500; a sign-in replaces any session cookie the browser had.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest, type RawAnswer } from "../support/raw-request.ts";

const PASSWORD = "correct horse battery";
const EMAIL = "member@http-accounts.example";
let app: AppOverHttp;
let cookie: string;

const cookiesOf = (answer: RawAnswer) =>
  (answer.headers["set-cookie"] ?? "")
    .split(/,(?=\s*[\w.-]+=)/)
    .map((c) => c.trim().split(";")[0])
    .filter((c) => c && !c.endsWith("="))
    .join("; ");

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return rawRequest(app.base, { method: "POST", path, form, headers: { Accept: "text/html", Origin: app.base, ...headers } });
}

const counts = async () =>
  (
    await app.database.rows<{ sessions: number; mails: number; password: string }>(sql`
      SELECT (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM outbox_emails) AS mails,
        (SELECT password FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = ${EMAIL} AND a.provider_id = 'credential') AS password`)
  )[0]!;

beforeAll(async () => {
  app = await startAppOverHttp();
  const signUp = await rawRequest(app.base, {
    method: "POST",
    path: "/api/auth/sign-up/email",
    headers: { Origin: app.base, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Member", email: EMAIL, password: PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  await app.database.rows(sql`UPDATE users SET email_verified = true WHERE email = ${EMAIL}`);
  const signedIn = await post("/sign-in?returnTo=%2Fsettings", { email: EMAIL, password: PASSWORD });
  expect([signedIn.status, signedIn.headers.location]).toEqual([302, "/settings"]);
  cookie = cookiesOf(signedIn);
  expect(cookie).toMatch(/session_token=/);
});

afterAll(async () => {
  await app?.close();
});

describe("a post from another site (CSRF)", () => {
  const forms: Array<[string, Record<string, string>]> = [
    ["/sign-in?returnTo=%2F", { email: EMAIL, password: PASSWORD }],
    ["/sign-up", { name: "Forged", email: "forged@http-accounts.example", password: PASSWORD }],
    ["/forgot-password", { email: EMAIL }],
    ["/reset-password", { token: "x", password: "a forged new password" }],
    ["/confirm-email-change", { token: "x" }],
    ["/settings", { intent: "change-password", currentPassword: PASSWORD, newPassword: "a forged new password" }],
    ["/settings", { intent: "change-email", newEmail: "attacker@evil.example", currentPassword: PASSWORD }],
    ["/settings", { intent: "revoke-other-sessions" }],
    ["/settings", { intent: "unlink-provider", provider: "google" }],
    ["/settings", { intent: "add-password" }],
    [
      "/api/intro-requests/sign-in",
      { requestId: "00000000-0000-4000-8000-000000000000", claimToken: "x", email: EMAIL, password: PASSWORD },
    ],
  ];

  it.each(forms)("is refused: POST %s", async (path, form) => {
    const before = await counts();
    for (const origin of ["https://evil.example", "null"]) {
      const answer = await post(path, form, { Origin: origin, Cookie: cookie });
      expect(answer.status).toBe(403);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    const sameSiteLie = await post(path, form, { Origin: "", Referer: "https://evil.example/page", Cookie: cookie });
    expect(sameSiteLie.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("an address with an account and one without", () => {
  it("get the same answer from sign-in, sign-up and forgot-password", async () => {
    const without = "nobody@http-accounts.example";
    const pairs: Array<[string, (email: string) => Record<string, string>]> = [
      ["/sign-in?returnTo=%2F", (email) => ({ email, password: "not the password at all" })],
      ["/sign-up", (email) => ({ name: "Someone", email, password: "a long enough password" })],
      ["/forgot-password", (email) => ({ email })],
    ];
    for (const [path, form] of pairs) {
      const known = await post(path, form(EMAIL));
      const unknown = await post(path, form(without));
      expect([path, unknown.status]).toEqual([path, known.status]);
      // The pages differ only by the address shown back and the page's nonces.
      const normal = (answer: RawAnswer, email: string) =>
        answer.body
          .replaceAll(email, "ADDRESS")
          .replace(/nonce="[^"]*"/g, "")
          .replace(/"requestId":"[^"]*"/g, "");
      expect(normal(unknown, without)).toBe(normal(known, EMAIL));
    }
  });
});

describe("bad input", () => {
  it("is a 400 with a message, never a 500", async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ["/sign-in?returnTo=%2F", { email: EMAIL, password: "nul\u0000inside" }, "NUL"],
      ["/sign-in?returnTo=%2F", { email: EMAIL, password: "p".repeat(5_000) }, "at most 128 characters"],
      ["/sign-up", { name: "A", email: `${"a".repeat(300)}@x.example`, password: PASSWORD }, "at most 254 characters"],
      ["/forgot-password", { email: "a\u0000@x.example" }, "NUL"],
      ["/reset-password", { token: "t".repeat(300), password: PASSWORD }, "Please correct"],
    ];
    for (const [path, form, message] of cases) {
      const answer = await post(path, form);
      expect([path, answer.status]).toEqual([path, 400]);
      expect(answer.body).toContain(message);
    }
  });
});

describe("a sign-in", () => {
  it("replaces a session cookie planted on the browser before it", async () => {
    const planted = "ib.session_token=planted.by-an-attacker";
    const answer = await post("/sign-in?returnTo=%2F", { email: EMAIL, password: PASSWORD }, { Cookie: planted });
    expect(answer.status).toBe(302);
    expect(cookiesOf(answer)).toMatch(/^ib\.session_token=(?!planted)/);
  });
});
