/**
 * Followed listings' changes in the digest end to end (decision 0063, addendum), against a real database, the real
 * editor save (which writes the audit trail the changes are read from), the real digest job and a local SMTP server:
 * each member's follow changes go to exactly one cadence, a move between daily and weekly tells a change once, the
 * digest's unsubscribe-all link stops follow e-mails and the member's toggle restores them, and a gated change is
 * never in the e-mail.
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { fieldVisibilityRules } from "#db/schema/reference.ts";
import type { DigestCadence } from "#db/values/saved-searches.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/fakes/local-smtp.ts";
import { clearFieldRulesCache } from "~/features/access/field-rules.server.ts";
import { readListingForm, type ListingFormValues } from "~/features/listing-editor/form-values.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import { parseListingForm } from "~/features/listing-editor/listing-form.ts";
import { toFormValues } from "~/features/listing-editor/listing-snapshot.ts";
import { saveListing } from "~/features/listing-editor/save-listing.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { followEmailsOn, setFollowEmails } from "../follows/follow-emails.server.ts";
import { followListing, listFollows } from "../follows/follows.server.ts";
import { createSavedSearch, setAlertFrequency } from "../saved-searches/saved-searches.server.ts";
import { applyUnsubscribeLink, makeUnsubscribeToken, readUnsubscribeLink } from "../saved-searches/unsubscribe.server.ts";
import { DIGEST_JOB, digestJobHandler, scheduleDigest } from "./digest-job.server.ts";
import { periodContaining } from "./digest-periods.ts";
import { followStretch } from "./follow-digest.server.ts";

let database: Database;
let smtp: LocalSmtp;
const env = () => parseEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://introbase.example" });
const admin = { id: "fd-admin" };
const free = { id: "fd-free", tier: "public" as const };
const daily = { id: "fd-daily", tier: "premium" as const };
const switcher = { id: "fd-switch", tier: "subscriber" as const };

// Audit entries carry the database's time; each edit pins what it wrote to a time of the test's own (all in 2020, so
// whatever the clock says a fresh entry is newer than every pinned one). 1 June 2020 is a Monday.
const at = (day: number, hour = 10) => new Date(Date.UTC(2020, 5, day, hour));
const day = (n: number) => periodContaining("daily", at(n));
const week = (n: number) => periodContaining("weekly", at(n));

async function pinNewEntries(when: Date) {
  await database.rows(sql`UPDATE audit_log SET timestamp = ${when.toISOString()}::timestamptz WHERE timestamp >= '2021-01-01'`);
}

async function createListing(fields: Record<string, string>): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ type: "startup", visibility: "public", ...fields })) form.append(key, value);
  const parsed = parseListingForm(readListingForm(form));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveListing(database, { id: null, admin, input: parsed.data });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  await pinNewEntries(at(1, 0));
  return saved.id;
}

async function edit(id: string, change: (values: ListingFormValues) => void, when: Date) {
  const values = toFormValues((await getListingForEdit(database, id))!);
  change(values);
  const parsed = parseListingForm(values);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveListing(database, { id, admin, input: parsed.data });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  await pinNewEntries(when);
}

/** Runs a period's digest the way the server does (scheduled once, run by a worker), a day after it ended. */
async function runDigest(cadence: DigestCadence, period: { from: Date; to: Date }): Promise<ParsedMail[]> {
  const before = smtp.received.length;
  await scheduleDigest(database, cadence, period);
  const now = () => new Date(period.to.getTime() + 60 * 60 * 1000);
  await new JobWorker(database, { [DIGEST_JOB]: digestJobHandler({ env: env(), now }) }).tick();
  return smtp.received.slice(before);
}

const to = (mails: ParsedMail[], member: { id: string }) => mails.filter((m) => [m.to].flat()[0]?.text.includes(member.id));

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();

const tokenOf = (mail: ParsedMail) => /\/unsubscribe\/([^>\s]+)>/.exec(header(mail, "list-unsubscribe") ?? "")![1]!;

let acme = "";
let beta = "";

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startLocalSmtp();
  await seedReferenceData(database);
  await database.db.delete(fieldVisibilityRules);
  await database.db.insert(fieldVisibilityRules).values([{ fieldName: "team", accessLevel: "subscriber" }]);
  clearFieldRulesCache(database);
  await database.db.insert(users).values([
    {
      id: admin.id,
      name: "Admin",
      email: "fd-admin@members.test",
      tier: "premium" as const,
      role: "admin" as const,
      emailVerified: true,
    },
    ...[free, daily, switcher].map((m) => ({ id: m.id, name: m.id, email: `${m.id}@members.test`, tier: m.tier, emailVerified: true })),
  ]);
  acme = await createListing({ name: "Acme Robotics", description: "Robots.", "team[0][name]": "Ada Brightwater" });
  beta = await createListing({ name: "Beta Labs", description: "Labs." });
  for (const m of [free, daily, switcher]) await followListing(database, m, acme);
  await followListing(database, switcher, beta);
  await createSavedSearch(database, daily, { name: "Daily robots", query: "type=investor", alertFrequency: "daily" });
  // Both cadences: the weekly digest comes too, and must not tell the follow changes the daily ones told.
  await createSavedSearch(database, daily, { name: "Weekly partners", query: "type=partner", alertFrequency: "weekly" });
  // Left from when the free member had a paid plan: it matches every listing here, and alerts nobody now.
  await database.rows(sql`INSERT INTO saved_searches (user_id, name, query, alert_frequency)
    VALUES (${free.id}, 'Old startups', 'type=startup', 'weekly')`);
  await createSavedSearch(database, switcher, { name: "Switch robots", query: "type=investor", alertFrequency: "daily" });
});

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

describe("follow changes go into exactly one cadence", () => {
  it("a free member who only follows gets them weekly, with the visible change, never the gated one, and not daily", async () => {
    await edit(
      acme,
      (v) => {
        v.fields.description = "Robots for ports.";
        v.rows.team = [...v.rows.team, { name: "Kofi Secretname" }];
      },
      at(2),
    );
    const dailyMails = await runDigest("daily", day(2));
    expect(to(dailyMails, free)).toHaveLength(0);
    const [dailyMail, ...more] = to(dailyMails, daily);
    expect(more).toHaveLength(0);
    expect(dailyMail!.text).toContain("Listings you follow");
    expect(dailyMail!.text).toContain("* Acme Robotics (Team: 1 person added; Description updated)");

    const weekly = await runDigest("weekly", week(2));
    const [mail, ...again] = to(weekly, free);
    expect(again).toHaveLength(0);
    expect(mail!.subject).toBe("Your Introbase weekly digest (the week of 1 Jun 2020)");
    expect(mail!.text).toContain("Listings you follow\n");
    expect(mail!.text).toContain("* Acme Robotics (Description updated)\n  https://introbase.example/profile/startup/acme-robotics");
    // The team is for subscribers up: neither the change nor the name reaches a free member's e-mail.
    expect(mail!.text).not.toMatch(/team|person|Kofi|Secretname/i);
    // No saved search: the e-mail says why it came and how to stop it, without saved-search lines.
    expect(mail!.text).toContain("You get this e-mail because you follow listings on Introbase.");
    expect(mail!.text).not.toMatch(/saved.search|Old startups|Beta Labs/i);
    expect(mail!.text).toContain(`Stop all these e-mails: https://introbase.example/unsubscribe/${tokenOf(mail!)}`);
    expect(header(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(await readUnsubscribeLink(database, tokenOf(mail!))).toEqual({ state: "open", names: [], follows: true });

    // The member with a daily and a weekly alert was told in the daily digest and is not told again in the weekly one.
    expect(
      to(weekly, daily)
        .map((m) => m.text)
        .join("\n"),
    ).not.toMatch(/Acme|Listings you follow/);
    expect(await database.rows(sql`SELECT status FROM digest_deliveries WHERE user_id = ${daily.id} AND cadence = 'weekly'`)).toEqual([
      { status: "empty" },
    ]);
  });

  it("a member whose last daily alert goes off mid-week is told each change once: the weekly starts where the daily stopped", async () => {
    await edit(beta, (v) => void (v.fields.description = "Labs, Monday."), at(8));
    const monday = to(await runDigest("daily", day(8)), switcher);
    expect(monday).toHaveLength(1);
    expect(monday[0]!.text).toContain("* Beta Labs (Description updated)");

    const [search] = (await database.rows<{ id: string }>(sql`SELECT id FROM saved_searches WHERE user_id = ${switcher.id}`))!;
    await setAlertFrequency(database, switcher, search!.id, "off", at(9, 8));
    await edit(acme, (v) => void (v.fields.tagline = "Now on Wednesday"), at(10));
    expect(to(await runDigest("daily", day(10)), switcher)).toHaveLength(0);

    const [mail, ...again] = to(await runDigest("weekly", week(10)), switcher);
    expect(again).toHaveLength(0);
    expect(mail!.text).toContain("* Acme Robotics (Tagline updated)");
    expect(mail!.text).not.toContain("Beta Labs");
    // A subscriber with no alert left: the e-mail is about follows only, and says so.
    expect(mail!.text).toContain("You get this e-mail because you follow listings on Introbase.");
    expect(mail!.text).not.toMatch(/saved.search|Manage your alerts/i);
  });

  it("the stretch told: from where the last one stopped, within the week, never past now", () => {
    const period = day(10);
    expect(followStretch(period, null, at(20))).toEqual(period);
    // Weekly to daily on Wednesday: the first daily digest also tells Monday and Tuesday.
    expect(followStretch(period, week(3).from, at(20))).toEqual({ from: week(10).from, to: period.to });
    // Never more than the week: a member back after a long pause gets no backlog.
    expect(followStretch(period, at(1), at(20))?.from).toEqual(week(10).from);
    // Already told (the weekly ran after the member went daily): nothing.
    expect(followStretch(period, period.to, at(20))).toBeNull();
    // An early send of a period in progress stops at now; the rest goes into the next digest.
    expect(followStretch(period, null, at(10, 15))).toEqual({ from: period.from, to: at(10, 15) });
  });
});

describe("stopping and restarting follow e-mails", () => {
  let oldToken = "";

  it("the digest's one-click unsubscribe-all turns follow e-mails off, and no weekly digest comes", async () => {
    await edit(acme, (v) => void (v.fields.description = "Robots for harbours."), at(16));
    const [mail] = to(await runDigest("weekly", week(16)), free);
    oldToken = tokenOf(mail!);
    expect(await applyUnsubscribeLink(database, oldToken, at(23, 9))).toEqual({ state: "done", names: [], follows: true });
    expect(await followEmailsOn(database, free.id)).toBe(false);
    expect((await listFollows(database, free)).emails).toBe(false);
    // As for saved searches (decision 0062): once used, the link's setting has changed since it was sent.
    expect(await applyUnsubscribeLink(database, oldToken, at(23, 10))).toEqual({ state: "out_of_date" });

    await edit(acme, (v) => void (v.fields.description = "Robots for rivers."), at(23));
    expect(to(await runDigest("weekly", week(23)), free)).toHaveLength(0);
  });

  it("the settings toggle restores them (from now on), and the old link replayed is out of date", async () => {
    await setFollowEmails(database, free.id, true, at(30, 9));
    expect((await listFollows(database, free)).emails).toBe(true);
    expect(await readUnsubscribeLink(database, oldToken)).toEqual({ state: "out_of_date" });
    expect(await applyUnsubscribeLink(database, oldToken, at(30, 10))).toEqual({ state: "out_of_date" });
    expect(await followEmailsOn(database, free.id)).toBe(true);

    await edit(acme, (v) => void (v.fields.description = "Robots for lakes."), at(30, 12));
    const [mail] = to(await runDigest("weekly", week(30)), free);
    expect(mail!.text).toContain("* Acme Robotics (Description updated)");
  });

  it("a link sent while follow e-mails were off does not turn them off once the member turned them on again", async () => {
    // Dated after the saved searches were made (with the real clock), so the link speaks for them.
    const later = (hour: number) => new Date(Date.UTC(2099, 0, 1, hour));
    await setFollowEmails(database, daily.id, false, later(9));
    // The digest of a member with alerts still comes while follow e-mails are off; its stop-all link is dated then.
    const sentWhileOff = await makeUnsubscribeToken(database, { kind: "all", userId: daily.id }, later(10));
    await setFollowEmails(database, daily.id, true, later(11));
    expect(await applyUnsubscribeLink(database, sentWhileOff, later(12))).toEqual({
      state: "done",
      names: ["Daily robots", "Weekly partners"],
      follows: false,
    });
    expect(await followEmailsOn(database, daily.id)).toBe(true);
  });

  it("unsubscribe-all of one member leaves another's follow e-mails alone", async () => {
    expect(await followEmailsOn(database, switcher.id)).toBe(true);
  });
});
