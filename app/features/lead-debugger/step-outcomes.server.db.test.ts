/**
 * Issue 32: the debugger says what really happened. A step with any failed record is not "Completed": it completed
 * with errors (some records went on) or failed (none did), with its counts and first errors in the step's answer,
 * the action's answer and the stored session; the workflow says the same. Each test plants a failing record: one the
 * record schema refuses (step 2), one without a name (step 3), one the database refuses (step 4).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { generateRecords, type FakeRecord } from "../../../tests/fakes/lead-provider-fixtures.ts";
import { startFakeProvider, type FakeProvider } from "../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../tests/support/allow-local.ts";
import { handleDebuggerAction } from "./debugger-actions.server.ts";
import { defaultSettings } from "./debugger-forms.ts";
import { createSession, toView, type DebuggerSession, type StepId } from "./debugger-state.ts";
import type { StepDeps } from "./run-steps.server.ts";
import { describeWorkflow } from "./step-outcome.ts";

let database: Database;
let fake: FakeProvider;
let session: DebuggerSession;

/** Four clean funding records (names, valid employees), in the order the fake serves them. */
const clean = (): FakeRecord[] =>
  generateRecords("funding", 60)
    .filter((r) => typeof r.company_name === "string" && r.company_name !== "" && typeof r.contact_info === "object")
    .filter((r) => typeof (r.contact_info as { employees?: unknown }).employees === "object")
    .slice(0, 4)
    .map((r, i) => ({ ...r, id: `lot-planted-${i + 1}`, date_seen: `2025-06-0${i + 1}T09:30:00` }));

const records = clean();
// Step 2's planted record: employees as text, which the record schema refuses.
records[1] = { ...records[1]!, contact_info: { employees: "see website" } };
// Step 3's: no company name.
records[2] = { ...records[2]!, company_name: "" };
// Step 4's: a name the database is made to refuse below.
records[3] = { ...records[3]!, company_name: "Planted Failure Robotics" };
const GOOD_NAME = String(records[0]!.company_name);

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  // A write the database refuses, as a constraint or a full disk would: one company fails, the others go in.
  await database.db.execute(sql`
    CREATE FUNCTION refuse_planted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name LIKE 'Planted Failure%' THEN RAISE EXCEPTION 'planted failure: % refused', NEW.name; END IF;
      RETURN NEW;
    END $$`);
  await database.db.execute(
    sql`CREATE TRIGGER refuse_planted BEFORE INSERT OR UPDATE ON listings FOR EACH ROW EXECUTE FUNCTION refuse_planted()`,
  );
  fake = await startFakeProvider({ records: { funding: records } });
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

const deps = (): StepDeps => ({
  database,
  actor: null,
  clientOptions: { baseDelayMs: 1, sleep: async () => {}, fetch: fetchAllowing(fake.url) },
});

async function post(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return handleDebuggerAction(session, form, deps());
}

beforeEach(async () => {
  session = createSession(fake.url, defaultSettings());
  await post({ intent: "initialize", apiKey: fake.apiKey, baseUrl: fake.url });
  await post({ intent: "save-settings", endpoint: "funding", maxResults: "20" });
});

const run = (step: StepId) => post({ intent: "run-step", step });
const response = (step: StepId) => session.steps[step].response as Record<string, unknown>;
const listingNamed = async (name: string) =>
  (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE name = ${name}`))[0]!.n;

describe("each step reports its failed records", () => {
  it("step 2: a record the schema refuses makes retrieval 'completed with 1 error', with the record and the reason", async () => {
    const answer = await run("retrieve");
    expect(session.steps.retrieve.status).toBe("completed_with_errors");
    expect(response("retrieve")).toMatchObject({ success: false, status: "completed_with_errors", retrieved: 3, errors: 1 });
    const [first] = response("retrieve").firstErrors as string[];
    expect(first).toMatch(/^Record lot-planted-2: .*employees/);
    expect(answer).toMatchObject({ ok: false, message: expect.stringMatching(/^Step 2 \(Retrieve data\) completed with 1 error/) });
    expect(toView(session).steps[1]).toMatchObject({ status: "completed_with_errors", errors: 1 });
  });

  it("step 3: a record without a name makes processing 'completed with 1 error'", async () => {
    await run("retrieve");
    await run("process");
    expect(session.steps.process.status).toBe("completed_with_errors");
    expect(response("process")).toMatchObject({ success: false, processed: 2, errors: 1 });
    expect((response("process").firstErrors as string[])[0]).toBe("Record lot-planted-3: no company name, dropped");
  });

  it("step 4: a company the database refuses is an error of the push, not a success, and the rest are written", async () => {
    await run("retrieve");
    await run("process");
    const answer = await run("push");
    expect(session.steps.push.status).toBe("completed_with_errors");
    expect(response("push")).toMatchObject({
      success: false,
      status: "completed_with_errors",
      errors: 1,
      counters: { processed: 2, created: 1, errors: 1 },
    });
    expect((response("push").firstErrors as string[])[0]).toMatch(
      /^Planted Failure Robotics: planted failure: Planted Failure Robotics refused/,
    );
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/^Step 4 \(Push to directory\) completed with 1 error: 1 of 2 companies written/);
    expect(await listingNamed(GOOD_NAME)).toBe(1);
    expect(await listingNamed("Planted Failure Robotics")).toBe(0);
  });

  it("step 4 with every company refused has failed, whatever it processed", async () => {
    await run("retrieve");
    await run("process");
    // Only the refused company left to push.
    session.processed = session.processed!.filter((c) => c.listing.name.startsWith("Planted Failure"));
    await run("push");
    expect(session.steps.push.status).toBe("failed");
    expect(response("push")).toMatchObject({ success: false, status: "failed", errors: 1, counters: { processed: 1, created: 0 } });
    expect(response("push").error).toMatch(/^All 1 company failed; first error: Planted Failure Robotics: planted failure/);
  });

  it("the workflow with failed records says it finished with errors, never that all four steps succeeded", async () => {
    const answer = await post({ intent: "run-workflow" });
    expect(Object.values(session.steps).map((s) => s.status)).toEqual([
      "completed",
      "completed_with_errors",
      "completed_with_errors",
      "completed_with_errors",
    ]);
    expect(session.workflow).toMatchObject({ status: "completed_with_errors", stoppedAt: null });
    expect(answer.ok).toBe(false);
    const told = describeWorkflow(toView(session));
    expect(told).not.toMatch(/succeeded/);
    expect(told).toMatch(/^Workflow finished with errors in 3 steps:/);
    expect(told).toContain("Step 4 (Push to directory) completed with 1 error: 1 of 2 companies written.");
    expect(told).toContain("Planted Failure Robotics: planted failure");
    expect(session.logs.at(-1)).toMatchObject({
      level: "error",
      message: expect.stringMatching(/^Complete workflow finished with errors/),
    });
  });
});
