/**
 * Deleting an account around everything else that runs (decision 0077): the address is free at once and the erasure
 * leaves the new account of it alone; a digest that read its audience before the deletion mails nothing to the
 * address; another job still holding the member's id makes the erasure wait instead of breaking that job; a failed
 * step keeps no address in the job's record and the sweep finishes the erasure later; a plan is ended and recorded.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { users } from "#db/schema/accounts.ts";
import { endMembershipForDeletion } from "~/features/billing/end-membership-for-deletion.server.ts";
import { MemoryProvider } from "~/features/billing/test-support.ts";
import { audience } from "~/features/digests/digest-audience.server.ts";
import { deliverDigest } from "~/features/digests/deliver-digest.server.ts";
import { periodContaining } from "~/features/digests/digest-periods.ts";
import { createSavedSearch } from "~/features/saved-searches/saved-searches.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { enqueueJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { accountErasureHandler, queueUnfinishedErasures } from "~/features/member-data/account-erasure-job.server.ts";
import { ACCOUNT_ERASURE_JOB, deleteAccount } from "~/features/member-data/delete-account.server.ts";
import { signUp } from "./support/plant-member.ts";

let database: Database;

// These members never paid: the erasure asks the payment provider nothing (paid-account-deletion.db.test.ts does).
const runErasure = () =>
  new JobWorker(database, { [ACCOUNT_ERASURE_JOB]: accountErasureHandler({ gateway: () => new MemoryProvider() }) }).tick();
const erasures = () => database.rows<{ last_error: string | null }>(sql`SELECT last_error FROM account_erasures`);

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
});

afterAll(async () => {
  await database?.close();
});

describe("the address of a deleted account", () => {
  it("signs up again at once as a new, empty account, which the erasure leaves alone", async () => {
    const first = await signUp(database, "Ines Twice", "ines.twice@example.org");
    await deleteAccount(database, first.id);
    const second = await signUp(database, "Ines Again", "Ines.Twice@example.org");
    expect(second.id).not.toBe(first.id);

    await runErasure();
    expect(await erasures()).toEqual([]);
    expect(await getSessionUser(database, new Headers({ cookie: second.cookie }))).toMatchObject({ id: second.id, name: "Ines Again" });
    // The link the new account was sent is its own: the erasure took only what was sent before the deletion.
    const mail = await database.rows<{ kind: string }>(
      sql`SELECT kind FROM outbox_emails WHERE 'ines.twice@example.org' = ANY("to") ORDER BY created_at`,
    );
    expect(mail.map((m) => m.kind)).toEqual(["verify_email"]);
  });
});

describe("deleting while other work holds the member", () => {
  it("mails no digest to the address when the digest composed it before the deletion and recorded it after", async () => {
    const member = await signUp(database, "Dora Digest", "dora.digest@example.org");
    await database.db
      .update(users)
      .set({ tier: "premium" })
      .where(sql`${users.id} = ${member.id}`);
    await createSavedSearch(
      database,
      { id: member.id, tier: "premium" },
      { name: "Alert", query: "type=startup", alertFrequency: "daily" },
    );
    const period = periodContaining("daily", new Date("2031-03-02T12:00:00Z"));
    // The digest run read its audience with the member in it, and composed their message...
    const readBefore = (await audience(database, "daily", "")).find((m) => m.id === member.id);
    expect(readBefore?.email).toBe("dora.digest@example.org");
    // ...the member deleted the account meanwhile, and the run recorded the message after that, to the address it read.
    await deleteAccount(database, member.id);
    await database.rows(sql`INSERT INTO digest_deliveries (user_id, cadence, period_start, status, recipient, subject, body, unsubscribe_url, item_count)
      VALUES (${member.id}, 'daily', ${period.from.toISOString()}::timestamptz, 'pending', ${readBefore!.email}, 'Your digest', 'New: Dora New Co',
        'https://introbase.example/unsubscribe/x', 1) RETURNING id`);
    const outcome = await deliverDigest(database, readBefore!, "daily", period, {});

    expect(outcome).toBe("already_done");
    expect(await database.rows(sql`SELECT 1 FROM outbox_emails WHERE kind = 'saved_search_digest'`)).toEqual([]);
    await runErasure();
    expect(await erasures()).toEqual([]);
    expect(await database.rows(sql`SELECT 1 FROM digest_deliveries`)).toEqual([]);
  });

  it("withdraws the member's open applications at once, so no operator's decision mails the address", async () => {
    const member = await signUp(database, "Ola Applicant", "ola.applicant@example.org");
    const { submitPilotApplication } = await import("~/features/applications/pilot-applications.server.ts");
    const { parseFeatureApplication, readFeatureForm } = await import("~/features/applications/feature-application.ts");
    const { submitFeatureApplication, approveFeatureApplication, rejectFeatureApplication } =
      await import("~/features/applications/feature-applications.server.ts");
    const form = new FormData();
    const fields = {
      name: "Ola Works",
      websiteUrl: "ola.example",
      tagline: "Works",
      description: "Ola Works makes small tools for crews that fix things in the field every day.",
      fundingStageId: "2",
    };
    for (const [key, value] of Object.entries({ ...fields, contactName: "Ola Applicant", contactEmail: "ola.applicant@example.org" }))
      form.append(key, value);
    form.append("industryIds", "1");
    form.append("geographyIds", "1");
    const parsed = parseFeatureApplication("startup", readFeatureForm(form));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const [approve, reject] = await Promise.all(
      [1, 2].map(() =>
        submitFeatureApplication(database, {
          type: "startup",
          input: parsed.data,
          logo: null,
          userId: member.id,
          clientAddress: "10.9.0.1",
        }),
      ),
    );
    await submitPilotApplication(
      database,
      {
        company: "Ola Works",
        website: "https://ola.example",
        stage: "Seed",
        goals: "A pilot for Ola Works.",
        contactName: "Ola",
        contactEmail: "ola.applicant@example.org",
      },
      member.id,
    );
    await deleteAccount(database, member.id);

    const admin = { id: "op-ola" };
    await database.db.insert(users).values({ ...admin, name: "Op", email: "op-ola@ops.test", emailVerified: true, role: "admin" });
    await expect(approveFeatureApplication(database, approve!, { featured: false, admin })).rejects.toMatchObject({ code: "conflict" });
    await expect(rejectFeatureApplication(database, reject!, { reason: "No.", admin })).rejects.toMatchObject({ code: "conflict" });
    expect(await database.rows(sql`SELECT status FROM pilot_applications WHERE company = 'Ola Works'`)).toEqual([{ status: "declined" }]);
    expect(await database.rows(sql`SELECT 1 FROM outbox_emails WHERE kind IN ('application_approved', 'application_rejected')`)).toEqual(
      [],
    );
    await runErasure();
    expect(await erasures()).toEqual([]);
  });

  it("lets no accept link mail the address once the member who received the request deleted their account", async () => {
    const member = await signUp(database, "Rita Recipient", "rita.recipient@example.org");
    const asker = await signUp(database, "Amos Asker", "amos.asker@example.org");
    const [listing] = await database.rows<{ id: string; type: "startup"; slug: string }>(
      sql`SELECT id::text AS id, type, slug FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 1`,
    );
    await database.rows(
      sql`UPDATE listings SET primary_contact_email = 'rita.recipient@example.org' WHERE id = ${listing!.id}::uuid RETURNING id`,
    );
    const { createIntroRequest } = await import("~/features/introductions/intro-requests.server.ts");
    const { reviewIntroRequest, respondToIntro } = await import("~/features/introductions/intro-review.server.ts");
    const asked = await createIntroRequest(database, {
      input: {
        recipientType: listing!.type,
        recipientSlug: listing!.slug,
        senderName: "Amos Asker",
        senderEmail: "amos.asker@example.org",
        message: "Hello there, Rita.",
      },
      user: { id: asker.id, name: "Amos Asker", email: "amos.asker@example.org", picture: null, role: "user", tier: "premium" },
      clientAddress: "10.9.0.2",
    });
    await database.db.insert(users).values({ id: "op-rita", name: "Op", email: "op-rita@ops.test", emailVerified: true, role: "admin" });
    await reviewIntroRequest(database, { requestId: asked.id, decision: "approve", reason: null, admin: { id: "op-rita" } });
    const [ask] = await database.rows<{ text: string }>(
      sql`SELECT text FROM outbox_emails WHERE kind = 'intro_request' ORDER BY created_at DESC LIMIT 1`,
    );
    const accept = /\/introductions\/respond\/(\S+)/.exec(ask!.text)![1]!;

    await deleteAccount(database, member.id);
    expect(await respondToIntro(database, accept)).toBe("invalid");
    expect(await database.rows(sql`SELECT 1 FROM outbox_emails WHERE kind = 'intro_accepted'`)).toEqual([]);
    await runErasure();
    expect(await respondToIntro(database, accept)).toBe("invalid");
    expect(await database.rows(sql`SELECT status, recipient_email FROM intro_requests WHERE id = ${asked.id}::uuid`)).toEqual([
      { status: "awaiting_recipient", recipient_email: null },
    ]);
  });

  it("waits for a job still running with the member's id in its cursor, then finishes through the sweep", async () => {
    const member = await signUp(database, "Jonas Waiting", "jonas.waiting@example.org");
    const digest = await enqueueJob(database, { jobType: "saved_search_digest", parameters: {}, createdBy: null });
    await database.rows(sql`UPDATE jobs SET status = 'running', processed_output = ${JSON.stringify({ after: member.id })}::jsonb
      WHERE id = ${digest.id}::uuid RETURNING id`);
    await deleteAccount(database, member.id);

    await runErasure();
    // The running job's cursor is untouched (rewriting it would make the digest skip members), the erasure waits.
    const [held] = await database.rows<{ processed_output: { after: string } }>(
      sql`SELECT processed_output FROM jobs WHERE id = ${digest.id}::uuid`,
    );
    expect(held!.processed_output.after).toBe(member.id);
    expect(await erasures()).toHaveLength(1);
    expect(await queueUnfinishedErasures(database)).toBe(1);
    expect(await queueUnfinishedErasures(database)).toBe(0);

    await database.rows(sql`UPDATE jobs SET status = 'completed' WHERE id = ${digest.id}::uuid RETURNING id`);
    await runErasure();
    expect(await erasures()).toEqual([]);
    const [done] = await database.rows<{ processed_output: { after: string } }>(
      sql`SELECT processed_output FROM jobs WHERE id = ${digest.id}::uuid`,
    );
    expect(done!.processed_output.after).not.toContain(member.id);
    expect(await database.rows(sql`SELECT 1 FROM users WHERE id = ${member.id}`)).toEqual([]);
  });

  it("keeps no address in the job's record when a step fails, and the sweep finishes the erasure", async () => {
    const member = await signUp(database, "Fay Failing", "fay.failing@example.org");
    await database.rows(sql`INSERT INTO pilot_applications (company, website, stage, goals, contact_name, contact_email, user_id)
      VALUES ('Fay Co', 'https://fay.example', 'Seed', 'A pilot for Fay, please.', 'Fay Failing', 'fay.failing@example.org', ${member.id}) RETURNING id`);
    // A failure whose message quotes the address, as a failed query's does.
    await database.rows(sql`CREATE FUNCTION refuse_pilot_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for %', OLD.contact_email; END $$`);
    await database.rows(
      sql`CREATE TRIGGER refuse_pilot_update BEFORE UPDATE OF contact_name ON pilot_applications FOR EACH ROW EXECUTE FUNCTION refuse_pilot_update()`,
    );
    await deleteAccount(database, member.id);
    await runErasure();

    const [job] = await database.rows<{ status: string; error_log: string[] }>(
      sql`SELECT status, error_log FROM jobs WHERE job_type = ${ACCOUNT_ERASURE_JOB} ORDER BY created_at DESC LIMIT 1`,
    );
    expect(job!.status).toBe("failed");
    expect(job!.error_log.join(" ")).toContain('"applications"');
    expect(job!.error_log.join(" ")).not.toContain("fay.failing");
    expect((await erasures())[0]!.last_error).toContain('"applications"');

    await database.rows(sql`DROP TRIGGER refuse_pilot_update ON pilot_applications`);
    expect(await queueUnfinishedErasures(database)).toBe(1);
    await runErasure();
    expect(await erasures()).toEqual([]);
    expect(await database.rows(sql`SELECT contact_name, contact_email FROM pilot_applications WHERE company = 'Fay Co'`)).toEqual([
      { contact_name: "a deleted member", contact_email: "a deleted member" },
    ]);
  });
});

describe("ending the membership", () => {
  it("records nothing for a free member, and ends a paid plan or an upgrade waiting to be completed", async () => {
    await database.db.insert(users).values([
      { id: "free-1", name: "F", email: "free-1@example.org", emailVerified: true },
      { id: "waiting-1", name: "W", email: "waiting-1@example.org", emailVerified: true },
    ]);
    expect(await endMembershipForDeletion(database, "free-1")).toBeNull();
    await database.rows(sql`INSERT INTO subscription_changes (user_id, plan, tier, monthly_price, status, provider)
      VALUES ('waiting-1', 'Professional', 'subscriber', 29, 'requested', 'request') RETURNING id`);
    expect(await endMembershipForDeletion(database, "waiting-1")).toEqual({ plan: "Professional" });
    expect(
      await database.rows(sql`SELECT plan, tier, status FROM subscription_changes WHERE user_id = 'waiting-1' ORDER BY created_at`),
    ).toEqual([
      { plan: "Professional", tier: "subscriber", status: "requested" },
      { plan: "Professional", tier: "subscriber", status: "ended" },
    ]);
    expect(await database.rows(sql`SELECT 1 FROM subscription_changes WHERE user_id = 'free-1'`)).toEqual([]);
  });
});
