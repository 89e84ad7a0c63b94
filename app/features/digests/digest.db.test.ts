/**
 * The alert digest end to end against a real database and a local SMTP server: a new listing is e-mailed once, a
 * period is sent once (re-run, two servers scheduling, a crash mid-run), gating by the member's tier, and the signed
 * one-click unsubscribe link (valid, tampered, replayed after a change).
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/fakes/local-smtp.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { JobInterrupted, JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { htmlLinks, htmlWords, partsOf, textLinks } from "../../../tests/support/mail-parts.ts";
import { createSavedSearch, getSavedSearch, setAlertFrequency } from "../saved-searches/saved-searches.server.ts";
import { applyUnsubscribeLink, readUnsubscribeLink } from "../saved-searches/unsubscribe.server.ts";
import type { DigestOptions } from "./deliver-digest.server.ts";
import { DIGEST_JOB, digestJobHandler, scheduleDigest, scheduleDueDigests } from "./digest-job.server.ts";
import { periodContaining } from "./digest-periods.ts";

let database: Database;
let smtp: LocalSmtp;
let industry = "";
let counter = 0;
const env = () => parseEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://introbase.example" });

const members = {
  premium: { id: "dg-premium", tier: "premium" },
  subscriber: { id: "dg-subscriber", tier: "subscriber" },
  third: { id: "dg-third", tier: "premium" },
};
const searchIds: Record<string, string> = {};
let day = 0;

/** The next day's period (each test sends its own). */
function nextPeriod() {
  day++;
  return periodContaining("daily", new Date(Date.UTC(2030, 0, day, 12)));
}

async function addListing(visibility = "public", tagline = "A new one", name = `Dg Listing ${counter + 1}`): Promise<string> {
  counter++;
  await database.rows(sql`
    INSERT INTO listings (slug, type, name, tagline, industry_ids, visibility, created_at)
    VALUES (${`dg-new-${counter}`}, 'startup', ${name}, ${tagline},
      ARRAY[(SELECT id FROM industries WHERE name = ${industry})], ${visibility}, '2030-01-01'::timestamptz + ${`${counter} minutes`}::interval)`);
  await announceChange(database, "listings");
  return name;
}

/** Runs the period's job the way the server does: scheduled once, claimed and run by a worker. */
async function runPeriod(period: { from: Date; to: Date }, options: Partial<DigestOptions> = {}) {
  const job = await scheduleDigest(database, "daily", period);
  const worker = new JobWorker(database, { [DIGEST_JOB]: digestJobHandler({ env: env(), ...options }) });
  await worker.tick();
  return job;
}

/** A header as sent (mailparser folds the List-* headers into one object). */
const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();

const mailsTo = (member: { id: string }, from = 0) =>
  smtp.received.slice(from).filter((m) => m.to && [m.to].flat()[0]?.text.includes(member.id));

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startLocalSmtp();
  await seedListings(database, 60);
  for (const m of Object.values(members)) {
    await database.rows(sql`INSERT INTO users (id, name, email, email_verified, tier)
      VALUES (${m.id}, ${m.id}, ${`${m.id}@test.introbase.test`}, true, ${m.tier})`);
  }
  // An unverified member with an alert gets nothing (DESIGN D15).
  await database.rows(
    sql`INSERT INTO users (id, name, email, email_verified, tier) VALUES ('dg-unverified', 'U', 'u@test.introbase.test', false, 'premium')`,
  );
  const [row] = await database.rows<{ name: string }>(sql`SELECT name FROM industries ORDER BY id LIMIT 1`);
  industry = row!.name;
  for (const [key, m] of Object.entries(members)) {
    const saved = await createSavedSearch(database, m, {
      name: `Alert ${key}`,
      query: `industries=${encodeURIComponent(industry)}`,
      alertFrequency: "daily",
    });
    searchIds[key] = saved.id;
  }
  await createSavedSearch(
    database,
    { id: "dg-unverified", tier: "premium" },
    { name: "U", query: "type=startup", alertFrequency: "daily" },
  );
});

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

beforeEach(() => {
  smtp.fail(false);
});

describe("the digest", () => {
  it("e-mails a new listing once, over SMTP, with one-click unsubscribe headers", async () => {
    const before = smtp.received.length;
    const name = await addListing();
    const job = await runPeriod(nextPeriod());
    expect((await getJob(database, job!.id))?.status).toBe("completed");
    const mail = mailsTo(members.premium, before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Your Introbase daily digest (1 Jan 2030)");
    expect(mail[0]!.text).toContain(name);
    expect(mail[0]!.text).toMatch(/https:\/\/introbase\.example\/profile\/startup\/dg-new-\d+/);
    expect(headerOf(mail[0]!, "list-unsubscribe")).toMatch(
      /^<https:\/\/introbase\.example\/unsubscribe\/a\.dg-premium\.[0-9a-z]+\.[\w-]{43}>$/,
    );
    expect(headerOf(mail[0]!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(smtp.received.slice(before).some((m) => m.text?.includes("u@test"))).toBe(false);
    expect(smtp.received.slice(before).flatMap((m) => [m.to].flat().map((a) => a?.text))).not.toContain("u@test.introbase.test");

    // The next period: nothing new, so nothing is sent; then only the next new listing, not the first again.
    const quiet = smtp.received.length;
    await runPeriod(nextPeriod());
    expect(smtp.received.length).toBe(quiet);
    const second = await addListing();
    await runPeriod(nextPeriod());
    const next = mailsTo(members.premium, quiet);
    expect(next).toHaveLength(1);
    expect(next[0]!.text).toContain(second);
    expect(next[0]!.text).not.toContain(`${name}\n`);
  });

  it("is sent once per period: a re-run and a second server scheduling it send nothing more", async () => {
    const before = smtp.received.length;
    await addListing();
    const period = nextPeriod();
    await runPeriod(period);
    const sent = smtp.received.length - before;
    expect(sent).toBe(3);
    // Two servers' timers at once: PostgreSQL lets one queue the period, and this one is already queued.
    const [a, b] = await Promise.all([scheduleDigest(database, "daily", period), scheduleDigest(database, "daily", period)]);
    expect([a, b]).toEqual([null, null]);
    // The job run again by hand (a retry): every member's digest of the period is already recorded.
    const handler = digestJobHandler({ env: env() });
    await handler({
      database,
      job: { parameters: { cadence: "daily", periodStart: period.from.toISOString() }, processedOutput: null } as never,
      progress: async () => true,
      logError: async () => {},
      signal: new AbortController().signal,
    });
    expect(smtp.received.length - before).toBe(3);
  });

  it("queues each ended period once when two servers look at the same time", async () => {
    const now = new Date("2031-03-04T00:03:00Z");
    const [one, two] = await Promise.all([scheduleDueDigests(database, now), scheduleDueDigests(database, now)]);
    expect([...one, ...two].map((j) => j.parameters)).toEqual(
      expect.arrayContaining([
        { cadence: "daily", periodStart: "2031-03-03T00:00:00.000Z" },
        { cadence: "weekly", periodStart: "2031-02-24T00:00:00.000Z" },
      ]),
    );
    expect(one.length + two.length).toBe(2);
    // Not run here: the other tests send their own periods.
    await database.rows(sql`DELETE FROM jobs WHERE job_type = ${DIGEST_JOB} AND status = 'queued'`);
  });

  it("resumes after a crash mid-run without sending anyone a second e-mail", async () => {
    const before = smtp.received.length;
    await addListing();
    const period = nextPeriod();
    let crashes = 0;
    // The process "dies" right after the first e-mail went out, before the job saved its place.
    const job = await runPeriod(period, {
      afterSend: () => {
        if (crashes++ === 0) throw new JobInterrupted();
      },
    });
    // The worker put the interrupted job back and took it up again: it resumed and finished.
    expect(crashes).toBe(3);
    expect(await getJob(database, job!.id)).toMatchObject({ status: "completed", attempts: 1 });
    const received = smtp.received.slice(before);
    expect(received).toHaveLength(3);
    for (const m of Object.values(members)) expect(mailsTo(m, before)).toHaveLength(1);
  });

  it("never sends again a message that was being handed to SMTP when the run stopped; sends one that was only recorded", async () => {
    const before = smtp.received.length;
    await addListing();
    const period = nextPeriod();
    // A first run records the digests but stops before sending any (the mailer never reached).
    await database.rows(sql`INSERT INTO digest_runs (cadence, period_start) VALUES ('daily', ${period.from.toISOString()}::timestamptz)`);
    const { deliverDigest } = await import("./deliver-digest.server.ts");
    const users = await database.rows<{ id: string; name: string; email: string; tier: string }>(
      sql`SELECT id, name, email, tier FROM users WHERE id IN ('dg-premium', 'dg-subscriber') ORDER BY id`,
    );
    smtp.fail(true);
    for (const user of users) expect(await deliverDigest(database, user, "daily", period, { env: env() })).toBe("failed");
    smtp.fail(false);
    // Stand in for the crash states: one digest left "sending", one "pending".
    await database.rows(
      sql`UPDATE digest_deliveries SET status = 'sending' WHERE user_id = 'dg-premium' AND period_start = ${period.from.toISOString()}::timestamptz`,
    );
    await database.rows(
      sql`UPDATE digest_deliveries SET status = 'pending' WHERE user_id = 'dg-subscriber' AND period_start = ${period.from.toISOString()}::timestamptz`,
    );
    const sentBefore = smtp.received.length;
    const handler = digestJobHandler({ env: env() });
    await handler({
      database,
      job: { parameters: { cadence: "daily", periodStart: period.from.toISOString() }, processedOutput: null } as never,
      progress: async () => true,
      logError: async () => {},
      signal: new AbortController().signal,
    });
    const states = await database.rows<{ user_id: string; status: string }>(
      sql`SELECT user_id, status FROM digest_deliveries WHERE period_start = ${period.from.toISOString()}::timestamptz ORDER BY user_id`,
    );
    expect(Object.fromEntries(states.map((s) => [s.user_id, s.status]))).toEqual({
      "dg-premium": "unknown",
      "dg-subscriber": "sent",
      "dg-third": "sent",
    });
    expect(mailsTo(members.premium, sentBefore)).toHaveLength(0);
    expect(mailsTo(members.subscriber, sentBefore)).toHaveLength(1);
    expect(smtp.received.length - before).toBe(2);
  });
});

describe("changing the frequency", () => {
  it("reports a search moved from daily to weekly in this week's digest, after a daily digest of a later day", async () => {
    const before = smtp.received.length;
    // A daily digest on a day that is not the week's first.
    while (new Date(Date.UTC(2030, 0, day + 1)).getUTCDay() === 1) day++;
    await runPeriod(nextPeriod());
    const name = await addListing();
    await setAlertFrequency(database, members.premium, searchIds.premium!, "weekly");
    try {
      // The week that holds all of this test's days began before the daily digest just sent.
      const week = periodContaining("weekly", new Date(Date.UTC(2030, 0, day, 12)));
      expect(week.from.getTime()).toBeLessThan(Date.UTC(2030, 0, day));
      const job = await scheduleDigest(database, "weekly", week);
      await new JobWorker(database, { [DIGEST_JOB]: digestJobHandler({ env: env() }) }).tick();
      expect((await getJob(database, job!.id))?.status).toBe("completed");
      const weekly = mailsTo(members.premium, before).find((m) => m.subject?.includes("weekly"));
      expect(weekly?.text).toContain(name);
    } finally {
      await setAlertFrequency(database, members.premium, searchIds.premium!, "daily");
    }
  });
});

describe("gating", () => {
  it("never puts a listing the member's tier may not open in their digest", async () => {
    // Everything earlier tests added is reported first.
    await runPeriod(nextPeriod());
    const before = smtp.received.length;
    const secret = await addListing("premium", "Premium-only tagline zqxsecret");
    await runPeriod(nextPeriod());
    const premiumMail = mailsTo(members.premium, before);
    expect(premiumMail[0]?.text).toContain(secret);
    // Nothing the subscriber may open is new: no e-mail at all, and certainly no name or tagline of the listing.
    expect(mailsTo(members.subscriber, before)).toHaveLength(0);
    for (const mail of smtp.received.slice(before).filter((m) => !m.text?.includes("dg-premium"))) {
      if ([mail.to].flat()[0]?.text.includes("dg-subscriber")) expect(mail.text).not.toContain("zqxsecret");
    }
  });
});

describe("gating of filters on hidden fields", () => {
  it("never tells a subscriber which listings have a revenue range only premium may see (DESIGN D14)", async () => {
    const query = "revenueRanges=1m_to_5m&searchQuery=zqxrevenue";
    const sub = await createSavedSearch(database, members.subscriber, { name: "Revenue", query, alertFrequency: "weekly" });
    const prem = await createSavedSearch(database, members.premium, { name: "Revenue", query, alertFrequency: "weekly" });
    counter++;
    await database.rows(sql`
      INSERT INTO listings (slug, type, name, tagline, visibility, field_visibility, revenue_range_id)
      VALUES (${`dg-rev-${counter}`}, 'startup', ${`Zqxrevenue Co ${counter}`}, 'Revenue hidden', 'public', '{"revenueRange":"premium"}'::jsonb,
        (SELECT id FROM revenue_ranges WHERE code = '1m_to_5m'))`);
    await announceChange(database, "listings");
    const before = smtp.received.length;
    const week = periodContaining("weekly", new Date(Date.UTC(2030, 5, 3)));
    await scheduleDigest(database, "weekly", week);
    await new JobWorker(database, { [DIGEST_JOB]: digestJobHandler({ env: env() }) }).tick();
    expect(mailsTo(members.premium, before)[0]?.text).toContain(`Zqxrevenue Co ${counter}`);
    expect(mailsTo(members.subscriber, before)).toHaveLength(0);
    for (const [member, id] of [
      [members.subscriber, sub.id],
      [members.premium, prem.id],
    ] as const) {
      await setAlertFrequency(database, member, id, "off");
    }
  });
});

describe("one-click unsubscribe", () => {
  const tokenOf = (mail: ParsedMail) => /\/unsubscribe\/([^>\s]+)/.exec(String(headerOf(mail, "list-unsubscribe")))![1]!;

  it("turns the member's alerts off without signing in; tampered and replayed links change nothing and say why", async () => {
    const before = smtp.received.length;
    await addListing();
    await runPeriod(nextPeriod());
    const mail = mailsTo(members.third, before)[0]!;
    const token = tokenOf(mail);
    const perSearch = /Stop e-mails for "Alert third": https:\/\/introbase\.example\/unsubscribe\/(\S+)/.exec(mail.text!)![1]!;

    // Tampered: another member's id under this signature, or a changed signature: a clear page, nothing changed.
    const forged = token.replace("a.dg-third.", "a.dg-premium.");
    const tampered = await applyUnsubscribeLink(database, forged);
    expect(tampered).toEqual({ state: "invalid" });
    expect((await getSavedSearch(database, members.premium, searchIds.premium!)).alertFrequency).toBe("daily");
    expect(await readUnsubscribeLink(database, `${perSearch.slice(0, -3)}abc`)).toEqual({ state: "invalid" });

    // Opening it changes nothing; the one-click POST (no session) turns the alerts off.
    expect(await readUnsubscribeLink(database, perSearch)).toEqual({ state: "open", names: ["Alert third"], follows: false });
    const done = await applyUnsubscribeLink(database, perSearch);
    expect(done).toEqual({ state: "done", names: ["Alert third"], follows: false });
    expect((await getSavedSearch(database, members.third, searchIds.third!)).alertFrequency).toBe("off");

    // The member turns alerts on again; the old link, replayed, no longer speaks for them.
    await setAlertFrequency(database, members.third, searchIds.third!, "weekly", new Date("2099-01-01T00:00:00Z"));
    expect(await applyUnsubscribeLink(database, perSearch)).toEqual({ state: "out_of_date" });
    expect(await applyUnsubscribeLink(database, token)).toEqual({ state: "out_of_date" });
    expect((await getSavedSearch(database, members.third, searchIds.third!)).alertFrequency).toBe("weekly");
  });
});

describe("the digest as a mailbox shows it", () => {
  it("arrives as text and HTML that lead to the same places, a listing's name shown as text, never as markup", async () => {
    const before = smtp.received.length;
    const name = await addListing("public", "A new one", `<script>alert(1)</script> & "Co"`);
    await runPeriod(nextPeriod());
    const [mail] = mailsTo(members.premium, before);
    const { text, html } = partsOf(mail!);
    expect(text).toContain(`* ${name}`);
    expect(htmlLinks(html)).toEqual(textLinks(text));
    expect(htmlLinks(html)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^https:\/\/introbase\.example\/profile\/startup\/dg-new-\d+$/),
        expect.stringMatching(/^https:\/\/introbase\.example\/unsubscribe\/a\.dg-premium\./),
      ]),
    );
    expect(html).not.toContain("<script");
    expect(htmlWords(html)).toContain(name);
    // The recorded delivery keeps both parts, so a resumed run sends what was composed.
    const [row] = await database.rows<{ html: string }>(
      sql`SELECT html FROM digest_deliveries WHERE subject = ${mail!.subject} AND user_id = 'dg-premium'`,
    );
    expect(row!.html).toBe(html);
  });
});
