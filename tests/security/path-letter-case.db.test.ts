/**
 * Operator and API paths in another letter case (issue 29 finding 4, decision 0069). React Router matched paths in any
 * case while the guards compared them in lower case only: "/API/debug/whoami" answered a member 500 (the admin guard
 * took the endpoint for a page and threw a page's refusal from a JSON route), a visitor was sent to sign in instead of
 * answered 401, and "/API/listings" with a key was counted as an API call. Now a path is matched in the route table's
 * spelling only; another spelling of a real route is sent there (308, reads only) and is otherwise no route at all.
 * Many spellings, as a member, a visitor and with an API key, over real HTTP to the whole application.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest, type RawAnswer } from "../support/raw-request.ts";

const OPERATOR_PATHS = [
  "/api/debug/whoami",
  "/api/debug/crawler-report",
  "/api/admin/audit-log",
  "/api/admin/jobs/some-job",
  "/admin",
  "/admin/audit-log",
  "/debug/access-control",
  "/debug/airtable",
];

/** Other spellings of a path: each letter of its first two segments flipped alone, then whole segments upper-cased. */
function caseVariants(path: string, count: number): string[] {
  const found = new Set<string>();
  const letters = [...path].flatMap((c, i) => (/[a-z]/.test(c) && path.slice(0, i).split("/").length <= 3 ? [i] : []));
  for (const i of letters) found.add(path.slice(0, i) + path[i]!.toUpperCase() + path.slice(i + 1));
  const segments = path.split("/");
  for (let mask = 1; mask < 1 << (segments.length - 1); mask++) {
    found.add(segments.map((s, i) => (i > 0 && mask & (1 << (i - 1)) ? s.toUpperCase() : s)).join("/"));
    found.add(segments.map((s, i) => (i > 0 && mask & (1 << (i - 1)) ? s[0]!.toUpperCase() + s.slice(1) : s)).join("/"));
  }
  return [...found].slice(0, count);
}

let app: AppOverHttp;
let member: string;
let key: string;

beforeAll(async () => {
  app = await startAppOverHttp();
  const browser = new Browser();
  await signIn(browser, { url: app.base, name: "app" }, "demo-subscriber");
  member = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  ({ secret: key } = await createApiKey(app.database, "demo-premium", "case test"));
});

afterAll(async () => {
  await app?.close();
});

const CLIENTS = {
  visitor: {},
  member: () => ({ Cookie: member }),
  key: () => ({ Authorization: `Bearer ${key}` }),
} as const;
type Client = keyof typeof CLIENTS;
const headersOf = (client: Client): Record<string, string> => {
  const make = CLIENTS[client];
  return typeof make === "function" ? make() : make;
};

const apiCalls = async () =>
  (await app.database.rows<{ n: number }>(sql`SELECT coalesce(sum(count), 0)::int AS n FROM usage_counters WHERE action = 'api_call'`))[0]!
    .n;

/** The answer at the route table's own spelling: what every other spelling must lead to, or nothing. */
async function canonicalAnswer(path: string, client: Client): Promise<RawAnswer> {
  return rawRequest(app.base, { path, headers: headersOf(client) });
}

describe.each(["visitor", "member", "key"] as const)("as a %s", (client) => {
  it.each(OPERATOR_PATHS)("every other spelling of %s is sent to it or is no route: never in, never a 5xx", async (path) => {
    const canonical = await canonicalAnswer(path, client);
    // The guard's own answer, for reference: signed out an API is 401 and a page sends to sign in; a member is 403.
    if (client === "member") expect(canonical.status).toBe(403);
    else expect(canonical.status).toBe(path.startsWith("/api/") ? 401 : 302);
    const calls = await apiCalls();
    const variants = caseVariants(path, 16);
    expect(variants.length).toBeGreaterThanOrEqual(6);
    for (const variant of variants) {
      const read = await rawRequest(app.base, { path: `${variant}?from=variant`, headers: headersOf(client) });
      expect(read.status, `GET ${variant}`).toBe(308);
      expect(read.headers.location, `GET ${variant}`).toBe(`${path}?from=variant`);
      const write = await rawRequest(app.base, {
        method: "POST",
        path: variant,
        headers: { ...headersOf(client), Origin: app.base },
        form: { intent: "refresh" },
      });
      expect(write.status, `POST ${variant}`).toBe(404);
      if (variant.toLowerCase().startsWith("/api/")) expect(write.headers["content-type"]).toContain("application/json");
    }
    expect(await apiCalls()).toBe(calls);
  });
});

describe("a keyed API path in another spelling", () => {
  it.each(["/API/listings", "/Api/Listings", "/api/LISTINGS", "/api/Reference"])(
    "%s is sent to the route table's spelling and counts no call of its own",
    async (variant) => {
      const calls = await apiCalls();
      const answer = await rawRequest(app.base, { path: variant, headers: CLIENTS.key() });
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toBe(variant.toLowerCase());
      expect(answer.body).not.toContain('"data"');
      expect(await apiCalls()).toBe(calls);
    },
  );

  it("keeps a parameter's own spelling when it sends a reader to the route", async () => {
    const answer = await rawRequest(app.base, { path: "/Profile/Startup/Some-Slug-In-Capitals?x=1" });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/profile/Startup/Some-Slug-In-Capitals?x=1");
  });
});
