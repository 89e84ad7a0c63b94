/**
 * Issue 16: two app servers, separate processes on different ports (no node:cluster), on one PostgreSQL database,
 * must behave as one site. What is written through one is what the other serves within 1 s (listings, reference
 * lists, tier records, field rules); a rate limit is one limit for both; the lead-data debugger's steps may land on
 * either; and when one is killed mid-request, the other keeps serving and finishes the job the dead one held.
 *
 * Every change is made the way an operator makes it (the back-office's own forms, over HTTP, signed in through the
 * local OpenID provider), and every check is an answer a visitor or member gets from the other server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROVIDER_KEY } from "../fakes/lead-provider.ts";
import type { AppServer } from "./support/app-server.ts";
import { Browser } from "./support/browser.ts";
import {
  addReferenceRow,
  debuggerPost,
  editListing,
  editReferenceRow,
  editTier,
  referenceRowId,
  startProviderImport,
} from "./support/operator.ts";
import { json, profileOf, startSite, type Profile, type ProfileAnswer, type Site } from "./support/site.ts";
import { seenWithin } from "./support/within.ts";

/** The requirement: a write through one process is seen by every other within 1 s (issue 16, point 1). */
const PROPAGATION_MS = 1_000;
/** Sign-in attempts per address per minute on both servers: small, so the test makes few requests. */
const SIGN_IN_LIMIT = 6;
/**
 * How old a running job's heartbeat may get before another server takes the job over. Today the recovery waits 30 s
 * and looks once a minute; issue 16 makes the lease a setting (JOB_STALE_AFTER_MS) so a site can choose how soon a
 * dead server's job resumes.
 */
const JOB_STALE_AFTER_MS = 4_000;
/** How soon after the kill the other server must have finished the dead one's job: the lease, a recovery, the run. */
const RESUME_WITHIN_MS = 30_000;

let site: Site;
let a: AppServer;
let b: AppServer;
let operator: Browser;
let subscriber: Browser;
let visitor: Browser;
const directory: Site["directory"] = (server, query) => site.directory(server, query);
const take: Site["take"] = (test, what) => site.take(test, what);

beforeAll(async () => {
  site = await startSite(
    { a: 3500, b: 3501, provider: 3502 },
    {
      SEED_LISTINGS: "60",
      SIGN_IN_ATTEMPTS_PER_MINUTE: String(SIGN_IN_LIMIT),
      // The servers stand behind a proxy that names the client: the rate-limit test speaks for one address.
      TRUST_PROXY_HOPS: "1",
      JOB_STALE_AFTER_MS: String(JOB_STALE_AFTER_MS),
    },
  );
  ({ a, b, operator, subscriber, visitor } = site);
});

afterAll(async () => {
  await site?.stop();
});

describe("two app servers on one PostgreSQL database", () => {
  it("a listing renamed through server A is what server B's directory and profile show within 1 s", async () => {
    const { card } = await take(() => true, "");
    const search = `q=${encodeURIComponent(card.name)}`;
    // B has answered this search and this profile before the edit, as a busy server has.
    const before = await directory(b, search);
    expect(
      before.body.data.map((c) => c.id),
      `server B's search for "${card.name}" finds it before the edit`,
    ).toContain(card.id);
    await profileOf(visitor, b, card);

    const renamed = `${card.name} Northwind`;
    await editListing(operator, a, card.id, { name: renamed });
    const since = Date.now();
    const onA = await directory(a, search);
    expect(onA.body.data.find((c) => c.id === card.id)?.name, "server A, which saved the edit, shows the new name").toBe(renamed);

    const listed = await seenWithin(
      PROPAGATION_MS,
      since,
      () => directory(b, search),
      (answer) => answer.body.data.find((c) => c.id === card.id)?.name === renamed,
    );
    expect(
      listed.seen,
      `server B's directory still shows "${listed.last.body.data.find((c) => c.id === card.id)?.name}" ${listed.afterMs} ms after ` +
        `the listing was renamed "${renamed}" through server A (required: within ${PROPAGATION_MS} ms)`,
    ).toBe(true);
    const shown = await seenWithin(
      PROPAGATION_MS,
      since,
      () => profileOf(visitor, b, card),
      (answer) => answer.body.data?.name === renamed,
    );
    expect(shown.seen, `server B's profile page still shows "${shown.last.body.data?.name}" after the rename through server A`).toBe(true);
  });

  it("a reference list changed through server A is what server B shows within 1 s: a country renamed, an industry added", async () => {
    const { card, profile: seen } = await take((p) => p.countries.length > 0, "with a country");
    const country = seen.countries[0]!;
    const reference = await json<{ countries: Array<{ id: number; name: string }>; industries: Array<{ name: string }> }>(
      visitor,
      b,
      "/api/reference",
    );
    const id = reference.body.countries.find((c) => c.name === country)?.id;
    expect(id, `the country "${country}" of ${card.name} is in the reference lists`).toBeDefined();
    // B has shown this profile (and so loaded its reference lists) before the change.
    await profileOf(visitor, b, card);

    const renamed = `${country} (renamed)`;
    await editReferenceRow(operator, a, "countries", id!, { name: renamed });
    const since = Date.now();
    const renamedOnB = await seenWithin(
      PROPAGATION_MS,
      since,
      () => profileOf(visitor, b, card),
      (answer) => answer.body.data.countries.includes(renamed),
    );
    expect(
      renamedOnB.seen,
      `server B's profile of ${card.name} still names the country "${renamedOnB.last.body.data.countries.join(", ")}" ` +
        `${renamedOnB.afterMs} ms after it was renamed "${renamed}" through server A (required: within ${PROPAGATION_MS} ms)`,
    ).toBe(true);

    const industry = "Orbital Logistics";
    await addReferenceRow(operator, a, "industries", { name: industry, primaryCategory: "", secondaryCategory: "" });
    const addedSince = Date.now();
    const added = await seenWithin(
      PROPAGATION_MS,
      addedSince,
      () => json<{ industries: Array<{ name: string }> }>(visitor, b, "/api/reference"),
      (answer) => answer.body.industries.some((i) => i.name === industry),
    );
    expect(
      added.seen,
      `server B's reference lists (the directory's industry filter) still lack the industry "${industry}" ${added.afterMs} ms after ` +
        `it was added through server A`,
    ).toBe(true);
  });

  it("a field rule changed through server A gates server B's profiles within 1 s", async () => {
    const { card } = await take(
      (p) => p.problem !== null && !p.fieldVisibility.problem && !p.lockedFields.problem,
      "with a public problem statement",
    );
    // B has shown the problem statement to a visitor, so it has the rules as they were.
    const before = await profileOf(visitor, b, card);
    expect(before.body.data.problem, `server B shows ${card.name}'s problem statement to a visitor before the change`).not.toBeNull();

    const ruleId = await referenceRowId(operator, a, "field-rules", "problem");
    if (ruleId === null) await addReferenceRow(operator, a, "field-rules", { fieldName: "problem", accessLevel: "premium" });
    else await editReferenceRow(operator, a, "field-rules", ruleId, { accessLevel: "premium" });
    const since = Date.now();
    const onA = await profileOf(visitor, a, card);
    expect(onA.body.data.lockedFields.problem, "server A, which saved the rule, locks the problem statement").toBeDefined();

    const hidden = await seenWithin(
      PROPAGATION_MS,
      since,
      () => profileOf(visitor, b, card),
      (answer) => answer.body.data.problem === null && answer.body.data.lockedFields.problem !== undefined,
    );
    expect(
      hidden.seen,
      `server B still shows a visitor ${card.name}'s problem statement ${hidden.afterMs} ms after an operator made it premium-only ` +
        `through server A (required: hidden within ${PROPAGATION_MS} ms)`,
    ).toBe(true);
  });

  it("a tier record changed through server A applies on server B within 1 s", async () => {
    // A view is spent only on a profile that shows a subscriber more than a visitor (decision 0080).
    const opensMore = (p: Profile) => Object.values(p.lockedFields).some((lock) => lock.requiredTier === "subscriber");
    const first = await take(opensMore, "with a subscriber field");
    const second = await take(opensMore, "with a subscriber field");
    // Sam Subscriber opens a profile on B: B has the subscriber tier's record, and one view is spent.
    const opened = await profileOf(subscriber, b, first.card);
    expect(opened.status, "Sam Subscriber opens a profile on server B").toBe(200);
    const used = opened.body.quota?.used ?? 0;
    expect(used, "the view counts against the subscriber's monthly views").toBeGreaterThan(0);

    const before = await editTier(operator, a, "subscriber", { maxCompanyViewsPerMonth: String(used) });
    try {
      const since = Date.now();
      // With the views spent, a subscriber gets what a visitor gets (decision 0080): the profile, its subscriber
      // fields locked, and no views left.
      const cut = (answer: { status: number; body: ProfileAnswer }) =>
        answer.status === 200 &&
        answer.body.quota?.remaining === 0 &&
        Object.values(answer.body.data.lockedFields).some((lock) => lock.requiredTier === "subscriber");
      const onA = await profileOf(subscriber, a, second.card);
      expect(cut(onA), "server A, which saved the tier, shows a further profile as a visitor sees it: the views are used up").toBe(true);
      const refused = await seenWithin(PROPAGATION_MS, since, () => profileOf(subscriber, b, second.card), cut);
      expect(
        refused.seen,
        `server B still opened a full profile for Sam Subscriber ${refused.afterMs} ms after the operator cut the subscriber tier to ` +
          `${used} company view(s) a month through server A, which no longer shows it (required: within ${PROPAGATION_MS} ms)`,
      ).toBe(true);
    } finally {
      await editTier(operator, a, "subscriber", { maxCompanyViewsPerMonth: before.maxCompanyViewsPerMonth! });
    }
  });

  it(`a sign-in limit of ${SIGN_IN_LIMIT} attempts a minute holds across both servers`, async () => {
    const client = new Browser();
    /** N attempts from one address (as the proxy in front of both servers reports it), alternating A and B, then one more on each. */
    const attempts = async (address: string) => {
      const statuses: Array<{ server: string; status: number }> = [];
      for (let i = 0; i < SIGN_IN_LIMIT + 2; i++) {
        const server = i % 2 === 0 ? a : b;
        const response = await client.get(server, "/api/auth/signin?provider=google&returnTo=%2F", {
          headers: { "x-forwarded-for": address },
        });
        statuses.push({ server: server.name, status: response.status });
      }
      return statuses;
    };
    const expected = [...Array(SIGN_IN_LIMIT).fill(302), 429, 429];
    let statuses = await attempts("203.0.113.7");
    // A limit counted in windows of the clock's minutes may turn between two attempts: then once more, from another
    // address. Counting per server fails both times.
    if (statuses.map((s) => s.status).join() !== expected.join()) statuses = await attempts("203.0.113.8");
    for (const [i, { server, status }] of statuses.entries()) {
      if (i < SIGN_IN_LIMIT) expect(status, `sign-in attempt ${i + 1} of ${SIGN_IN_LIMIT} (on server ${server}) is accepted`).toBe(302);
      else
        expect(
          status,
          `attempt ${i + 1} from one address within a minute was let through by server ${server} (status ${status}) after ` +
            `${SIGN_IN_LIMIT} attempts spread over A and B: each server counts only its own, so the limit is ${SIGN_IN_LIMIT} per server`,
        ).toBe(429);
    }
  });

  it("the lead-data debugger's four steps succeed with each request on the other server", async () => {
    const setUp = await debuggerPost(operator, a, { intent: "initialize", apiKey: DEMO_PROVIDER_KEY, baseUrl: site.provider.url });
    expect(setUp.initialized, `server A initialises the debugger with the key: ${setUp.text.slice(0, 300)}`).toBe(true);
    // Page 2 of two records: clean ones, so every step completes without a failed record (page 1 holds one without a
    // name, which step 3 would rightly report as an error).
    await debuggerPost(operator, a, { intent: "save-settings", endpoint: "funding", maxResults: "2", page: "2" });
    const steps = [
      ["authenticate", "Authenticate", b],
      ["retrieve", "Retrieve data", a],
      ["process", "Process data", b],
      ["push", "Push to directory", a],
    ] as const;
    for (const [step, title, server] of steps) {
      const answer = await debuggerPost(operator, server, { intent: "run-step", step });
      const said = answer.text.match(/Not Initialized[^.]*\.|Run step \d \([^)]*\) first[^"]*|API key is required/)?.[0];
      expect(
        answer.steps[title],
        `step "${title}" run on server ${server.name} ended "${answer.steps[title]}"` +
          (said ? `; the page said: "${said}"` : "") +
          ` (the key was entered through server A, the steps alternate between A and B)`,
      ).toBe("Completed");
    }
    // Either server shows the whole run.
    const page = await debuggerPost(operator, b, { intent: "clear-logs" });
    expect(page.steps, "server B shows all four steps completed").toEqual({
      Authenticate: "Completed",
      "Retrieve data": "Completed",
      "Process data": "Completed",
      "Push to directory": "Completed",
    });
  });

  it("a server killed mid-request: the other keeps serving and finishes the job the killed one held", async () => {
    // Every provider answer is held back: the import job and a debugger request wait on the provider mid-flight.
    const holds: Array<() => void> = [];
    let held = 0;
    site.provider.onHold = () => {
      held++;
      holds.splice(0).forEach((wake) => wake());
    };
    const heldCount = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${held} provider calls were held, expected ${n}`)), 60_000);
        const check = () => (held >= n ? (clearTimeout(timer), resolve()) : holds.push(check));
        check();
      });
    site.provider.setFault({ mode: "slow" });
    try {
      await startProviderImport(operator, a, { maxResults: "20", maxJobs: "2" });
      const [job] = await site.database.sql<
        Array<{ id: string }>
      >`SELECT id FROM jobs WHERE job_type = 'provider_import' ORDER BY created_at DESC LIMIT 1`;
      expect(job, "the import was queued").toBeDefined();
      await heldCount(1);
      const [claimed] = await site.database.sql<
        Array<{ locked_by: string | null; status: string }>
      >`SELECT locked_by, status FROM jobs WHERE id = ${job!.id}`;
      // Whichever server's worker took the job is the one that dies.
      const pid = Number(claimed?.locked_by?.split(":")[1]);
      const victim = [a, b].find((s) => s.pid === pid);
      expect(victim, `the running import is held by one of the two servers (locked_by ${claimed?.locked_by})`).toBeDefined();
      const survivor = victim === a ? b : a;

      // A request in flight on the victim, waiting on the provider, when the victim dies.
      const inFlight = debuggerPost(operator, victim!, {
        intent: "initialize",
        apiKey: DEMO_PROVIDER_KEY,
        baseUrl: site.provider.url,
      }).then(
        () => "answered",
        () => "cut off",
      );
      await heldCount(2);
      site.provider.setFault("none");
      await victim!.kill();
      const killedAt = Date.now();
      expect(await inFlight, `the request in flight on server ${victim!.name} when it was killed`).toBe("cut off");

      // The survivor keeps serving visitors and the operator.
      expect(
        (await directory(survivor, "type=startup")).status,
        `server ${survivor.name} serves the directory after ${victim!.name} died`,
      ).toBe(200);
      const jobUrl = `/api/admin/jobs/${job!.id}`;
      expect((await operator.get(survivor, jobUrl)).status, `server ${survivor.name} serves the operator after ${victim!.name} died`).toBe(
        200,
      );

      const finished = await seenWithin(
        RESUME_WITHIN_MS,
        killedAt,
        () => json<{ status: string; errorLog: string[]; progress: { message: string | null } }>(operator, survivor, jobUrl),
        (answer) => answer.body.status === "completed",
        250,
      );
      expect(
        finished.seen,
        `the import server ${victim!.name} was running when it was killed is still "${finished.last.body.status}" ` +
          `("${finished.last.body.progress.message}") ${Math.round(finished.afterMs / 1000)} s later: server ${survivor.name} did not take it ` +
          `over (lease JOB_STALE_AFTER_MS=${JOB_STALE_AFTER_MS}; required: finished within ${RESUME_WITHIN_MS / 1000} s)`,
      ).toBe(true);
      const completedBy = survivor.logs.find((line) => line.msg === "job completed" && line.job === job!.id);
      expect(completedBy, `server ${survivor.name} logged that it completed the job`).toBeDefined();
      expect(finished.last.body.errorLog.join(" "), "the job says it was interrupted and resumed").toMatch(/Interrupted/);
    } finally {
      site.provider.setFault("none");
      site.provider.onHold = null;
    }
  });
});
