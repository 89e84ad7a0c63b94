/**
 * Issue 16 §2: a per-address rate limit must hold for the site, not per app server. Kept in each process's memory,
 * every limit multiplied by the number of processes (60 sign-in attempts from one address gave 40 accepted
 * instead of 20 with two processes) and started again at every restart. Here each limit is driven through the
 * real routes of two copies of the app: two module graphs loaded apart, as two processes (or one before and after
 * a restart) have them, on two connection pools of one PostgreSQL (`npm run test:pg`) or on the one embedded
 * database. The attempts alternate between the two; the limit's N are allowed and the N+1th is refused, with the
 * answer each route gave before. The clock is set by the test (decision 0043).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { insertMember, solvedProof } from "~/features/introductions/test-support.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import { openTestDatabase, testServerUrl, withDatabaseName } from "#test-support/test-database.ts";

// Servers of one site share their secret (a proof of work solved for one is spent on the other). Before any module
// reads the environment; the test setup puts it back after this file.
vi.hoisted(() => {
  process.env.BETTER_AUTH_SECRET = "shared-rate-limits-test-secret-of-two-servers";
});

const NOW = new Date("2031-06-02T09:00:00Z");

/** What one app server is made of, as far as these tests reach: its routes and the context it hands them. */
async function loadApp() {
  return {
    route: await import("#test-support/test-route.ts"),
    signIn: await import("~/routes/api.auth.signin.ts"),
    auth: await import("~/routes/api.auth.$.ts"),
    introRequests: await import("~/routes/api.intro-requests.ts"),
    getFeatured: await import("~/routes/get-featured.tsx"),
    pilot: await import("~/routes/pilot.tsx"),
    duplicateReports: await import("~/routes/api.duplicate-reports.ts"),
  };
}

type App = Awaited<ReturnType<typeof loadApp>>;
interface Server {
  app: App;
  database: Database;
}

let database: Database;
let servers: [Server, Server];
let recipient: { type: string; slug: string };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  database = await openTestDatabase();
  await seedListings(database, 5);
  [recipient] = (await database.rows(sql`SELECT type, slug FROM listings WHERE visibility = 'public' LIMIT 1`)) as [typeof recipient];
  let second = database;
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const [{ name }] = (await database.rows<{ name: string }>(sql`SELECT current_database() AS name`)) as [{ name: string }];
    second = await openDatabase({ url: withDatabaseName(serverUrl, name) });
  }
  const first = await loadApp();
  vi.resetModules();
  const other = await loadApp();
  // Two module graphs: a limiter kept in a module would be two limiters here.
  expect(other.pilot).not.toBe(first.pilot);
  servers = [
    { app: first, database },
    { app: other, database: second },
  ];
});

afterAll(async () => {
  vi.useRealTimers();
  if (servers?.[1].database !== database) await servers?.[1].database.close();
  await database?.close();
});

/** The server that takes attempt `i`: the two take turns, as a load balancer's round robin does. */
const serverFor = (i: number) => servers[i % 2]!;

function args(
  { app, database }: Server,
  path: string,
  params: Record<string, string> = {},
  options: Parameters<App["route"]["loaderArgs"]>[3] = {},
) {
  return app.route.loaderArgs(database, path, params, options) as never;
}

/** A page action's answer: its status and data. */
type Outcome = { status: number; data: { ok: boolean; message?: string } };
const outcomeOf = (result: unknown): Outcome => {
  const { data, init } = result as { data: Outcome["data"]; init?: { status?: number } };
  return { status: init?.status ?? 200, data };
};

describe("per-address limits across two app servers", () => {
  it("sign-in: 20 attempts a minute from one address, whichever server takes them, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const response = (await serverFor(i).app.signIn.loader(
        args(serverFor(i), "/api/auth/signin?provider=google&returnTo=/"),
      )) as Response;
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(20).fill(302));
    vi.setSystemTime(new Date(NOW.getTime() + 15_000));
    // A password attempt shares the limit, on either server.
    const init = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.example", password: "x" }),
    };
    // Answered as the server answers them: the limit's refusal is thrown to the error pipeline.
    const refused = await serverFor(1).app.route.answerOf(
      serverFor(1).app.auth.action(args(serverFor(1), "/api/auth/sign-in/email", {}, { init })),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("45");
    expect((await refused.json()).error).toBe("Too many sign-in attempts. Please wait a minute and try again.");
    const again = await serverFor(0).app.route.answerOf(
      serverFor(0).app.signIn.loader(args(serverFor(0), "/api/auth/signin?provider=google&returnTo=/")),
    );
    expect(again.status).toBe(429);
    vi.setSystemTime(NOW);
  });

  it("introduction requests: 5 an hour from one address, signed in or not, then the spec's refusal", async () => {
    const send = async (i: number, user: Awaited<ReturnType<typeof insertMember>> | null = null) => {
      const server = serverFor(i);
      const body = {
        recipientType: recipient.type,
        recipientSlug: recipient.slug,
        senderName: "Rita Roundrobin",
        senderEmail: "rita@example.org",
        message: "Two servers must not let one address send twice the hourly limit.",
        proofOfWork: await solvedProof(server.database),
      };
      const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
      const response = (await server.app.introRequests.action(args(server, "/api/intro-requests", {}, { init, user }))) as Response;
      return { status: response.status, body: (await response.json()) as { error?: string } };
    };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(i)).status);
    // A member's request is counted inside the member's own transaction: against the same address all the same.
    statuses.push((await send(4, await insertMember(database, "member-limit-1"))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const refused = await send(5, await insertMember(database, "member-limit-2"));
    expect(refused).toEqual({
      status: 429,
      body: expect.objectContaining({ error: "Too many introduction requests from your network. Please try again in 60 minutes." }),
    });
    expect((await send(6)).status).toBe(429);
  });

  it("feature applications: 5 an hour from one address, counted before the form is read", async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 6; i++) {
      const init = { method: "POST", body: new FormData() };
      outcomes.push(
        outcomeOf(await serverFor(i).app.getFeatured.action(args(serverFor(i), "/get-featured/startup", { type: "startup" }, { init }))),
      );
    }
    expect(outcomes.map((o) => o.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(outcomes[5]!.data).toEqual({
      ok: false,
      message: "Too many applications from your network in the last hour. Please try again later.",
    });
  });

  it("pilot applications: 5 an hour from one address", async () => {
    const application = {
      company: "Roundrobin Labs",
      website: "roundrobin.example",
      stage: "Seed",
      goals: "Meet three channel partners in the Nordics.",
      contactName: "Rob Robin",
      contactEmail: "rob@roundrobin.example",
    };
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 6; i++) {
      const init = { method: "POST", body: new URLSearchParams(application) };
      outcomes.push(outcomeOf(await serverFor(i).app.pilot.action(args(serverFor(i), "/pilot", {}, { init }))));
    }
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(outcomes[5]!.data.message).toBe("Too many applications from your network in the last hour. Please try again later.");
    const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pilot_applications`)) as [{ n: number }];
    expect(n).toBe(5);
  });

  it("duplicate reports: 30 an hour from one address (members together), then 429 with Retry-After", async () => {
    const body = JSON.stringify({ listingId: crypto.randomUUID(), duplicateOfId: crypto.randomUUID() });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 31; i++) {
      const user = servers[0].app.route.testUser("public");
      const init = { method: "POST", headers: { "content-type": "application/json" }, body };
      const response = (await serverFor(i).app.duplicateReports.action(
        args(serverFor(i), "/api/duplicate-reports", {}, { init, user }),
      )) as Response;
      statuses.push(response.status);
      refused = response;
    }
    // Listings that are not in the directory: refused after the count, so each of the 30 counted.
    expect(statuses).toEqual([...Array(30).fill(404), 429]);
    expect(refused!.headers.get("retry-after")).toBe("3600");
    expect((await refused!.json()).error).toBe("Too many duplicate reports from your network in the last hour. Please try again later.");
  });
});
