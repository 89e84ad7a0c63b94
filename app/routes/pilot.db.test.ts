/** The pilot page's action and loader against a real database: validation, storage, rate limit, open slots. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { NUL_FIELD_MESSAGE } from "~/lib/form-parse.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import * as adminPilots from "./admin.pilot-applications.tsx";
import * as pilot from "./pilot.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const application = {
  company: "Nimbus AI",
  website: "nimbus.example",
  stage: "Seed",
  goals: "Meet three channel partners in the DACH region.",
  contactName: "Ada Lovelace",
  contactEmail: "ada@nimbus.example",
};

type ActionResult = { data: { ok: boolean; errors?: Record<string, string>; values?: Record<string, string> }; init?: { status?: number } };

/** Posts the form as a browser would (every test request comes from 127.0.0.1, so they share a rate limit). */
async function post(fields: Record<string, string>): Promise<ActionResult> {
  const init = { method: "POST", body: new URLSearchParams(fields) };
  return (await pilot.action(loaderArgs(database, "/pilot", {}, { init }) as never)) as unknown as ActionResult;
}

describe("pilot applications", () => {
  it("stores a valid application and thanks the applicant", async () => {
    const result = await post(application);
    expect(result.data.ok).toBe(true);
    const [row] = await database.rows<{ company: string; website: string; status: string }>(
      sql`SELECT company, website, status FROM pilot_applications`,
    );
    expect(row).toEqual({ company: "Nimbus AI", website: "https://nimbus.example", status: "new" });
  });

  it("answers 400 with a message per field, keeping what was typed, and stores nothing", async () => {
    const before = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pilot_applications`))[0]!.n;
    const result = await post({ ...application, contactEmail: "nope", stage: "" });
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual({ stage: "Choose your stage.", contactEmail: "Enter an e-mail address such as you@company.com." });
    expect(result.data.values?.company).toBe("Nimbus AI");
    expect((await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pilot_applications`))[0]!.n).toBe(before);
  });

  it("refuses NUL sent without JavaScript beside its field, keeping the rest of what was typed", async () => {
    const before = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pilot_applications`))[0]!.n;
    const result = await post({ ...application, goals: "Meet\u0000 partners" });
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual({ goals: NUL_FIELD_MESSAGE });
    expect(result.data.values).toMatchObject({ company: "Nimbus AI", goals: "Meet partners", contactEmail: "ada@nimbus.example" });
    expect((await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pilot_applications`))[0]!.n).toBe(before);
  });

  it("refuses the sixth application in an hour from one address (one was sent above)", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(application)).init?.status ?? 200);
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts accepted pilots against the cohort of 5", async () => {
    const slots = async () => ((await pilot.loader(loaderArgs(database, "/pilot") as never)) as { slotsOpen: number }).slotsOpen;
    expect(await slots()).toBe(5);
    const [{ id } = { id: "" }] = await database.rows<{ id: string }>(sql`SELECT id FROM pilot_applications LIMIT 1`);
    const admin = testUser("premium", "admin");
    const init = { method: "POST", body: new URLSearchParams({ id, decision: "accepted" }) };
    expect(await adminPilots.action(loaderArgs(database, "/admin/pilot-applications", {}, { user: admin, init }) as never)).toMatchObject({
      data: { ok: true, target: id, message: "Application accepted." },
    });
    expect(await slots()).toBe(4);
  });
});
