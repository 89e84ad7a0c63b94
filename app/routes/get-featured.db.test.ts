/**
 * /get-featured through its action (issue 31): a national phone number read in the headquarters country chosen in
 * the form, and a solved robot check kept across a validation error yet accepted only once.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featureApplications } from "#db/schema/applications.ts";
import { usedProofs } from "#db/schema/proof-of-work.ts";
import { rateLimitWindows } from "#db/schema/rate-limits.ts";
import { countries } from "#db/schema/reference.ts";
import { seedListings } from "#demo/seed-database.ts";
import { featureApplicationAttempts } from "~/features/applications/feature-applications.server.ts";
import { solvedProof } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { rateLimitKey } from "~/lib/rate-limit.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import * as getFeatured from "./get-featured.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 5);
});

afterAll(async () => {
  await database?.close();
});

const startup = {
  name: "Genève Ledger",
  websiteUrl: "geneve-ledger.example",
  tagline: "Bookkeeping for Swiss watchmakers",
  description: "Genève Ledger keeps the books of small Swiss workshops and files their VAT returns on time.",
  industryIds: ["1"],
  geographyIds: ["1"],
  fundingStageId: "2",
  contactName: "Lea Favre",
  contactEmail: "lea@geneve-ledger.example",
};

type Answer = { status: number; body: { ok: boolean; errors?: Record<string, string>; data?: { proofKept?: boolean } } };

async function post(fields: Record<string, string | string[]>, proof: string): Promise<Answer> {
  // Every test request comes from 127.0.0.1: the per-address limit would stop the sixth submission of this file.
  await database.db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, rateLimitKey(featureApplicationAttempts, "127.0.0.1")));
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
  form.append("proofOfWork", proof);
  const args = loaderArgs(database, "/get-featured/startup", { type: "startup" }, { init: { method: "POST", body: form } });
  const result = (await getFeatured.action(args as never)) as unknown as { data: Answer["body"]; init?: { status?: number } };
  return { status: result.init?.status ?? 200, body: result.data };
}

const countryId = async (isoCode: string) =>
  (await database.db.select({ id: countries.id }).from(countries).where(eq(countries.isoCode, isoCode)))[0]!.id;
const applicationsNamed = async (name: string) =>
  (await database.db.select({ n: count() }).from(featureApplications).where(eq(featureApplications.name, name)))[0]!.n;
const spentProofs = async () => (await database.db.select({ n: count() }).from(usedProofs))[0]!.n;

describe("a phone number typed as it is dialled in the headquarters country", () => {
  it("is read in the country chosen in the form and stored in E.164", async () => {
    const swiss = await post(
      { ...startup, hqCountryId: String(await countryId("CH")), phone: "022 555 01 23" },
      await solvedProof(database),
    );
    expect(swiss).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await database.db.select().from(featureApplications).where(eq(featureApplications.name, startup.name));
    expect(row?.phone).toBe("+41225550123");

    const indian = { ...startup, name: "Mumbai Ledger", hqCountryId: String(await countryId("IN")), phone: "022 2345 6789" };
    expect(await post(indian, await solvedProof(database))).toMatchObject({ status: 200, body: { ok: true } });
    const [mumbai] = await database.db.select().from(featureApplications).where(eq(featureApplications.name, "Mumbai Ledger"));
    expect(mumbai?.phone).toBe("+912223456789");
  });

  it("without a country is refused beside the phone field, saying how to write it", async () => {
    const answer = await post({ ...startup, name: "Nowhere Ledger", phone: "022 555 01 23" }, await solvedProof(database));
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.phone).toMatch(/country code/);
    expect(await applicationsNamed("Nowhere Ledger")).toBe(0);
  });
});

describe("the solved robot check", () => {
  it("is not spent by a validation error, goes with the corrected form, and is refused when replayed", async () => {
    const proof = await solvedProof(database);
    const spentBefore = await spentProofs();

    const mistake = await post({ ...startup, name: "Second Try Ledger", foundedYear: "20021" }, proof);
    expect(mistake.status).toBe(400);
    expect(mistake.body.errors).toEqual({ foundedYear: expect.stringMatching(/^Enter a year from 1800 to \d{4}\.$/) });
    expect(mistake.body.data?.proofKept).toBe(true);
    expect(await spentProofs()).toBe(spentBefore);

    const fixed = await post({ ...startup, name: "Second Try Ledger", foundedYear: "2021" }, proof);
    expect(fixed).toMatchObject({ status: 200, body: { ok: true } });
    expect(await applicationsNamed("Second Try Ledger")).toBe(1);

    // The attack: the same solved proof sent again, valid or not, after it went with a stored application.
    const replayed = await post({ ...startup, name: "Replayed Ledger" }, proof);
    expect(replayed.status).toBe(400);
    expect(replayed.body.errors?.proof).toBe("This robot check was already used. Please tick the box again.");
    expect(replayed.body.data?.proofKept).toBe(false);
    const replayedInvalid = await post({ ...startup, name: "Replayed Ledger", description: "short" }, proof);
    expect(replayedInvalid.body.errors?.proof).toBe("This robot check was already used. Please tick the box again.");
    expect(await applicationsNamed("Replayed Ledger")).toBe(0);
  });

  it("kept unspent cannot carry two applications sent at the same moment", async () => {
    const proof = await solvedProof(database);
    await post({ ...startup, name: "Twin Ledger", description: "short" }, proof);
    const form = () => {
      const data = new FormData();
      for (const [key, value] of Object.entries({ ...startup, name: "Twin Ledger" })) for (const v of [value].flat()) data.append(key, v);
      data.append("proofOfWork", proof);
      return data;
    };
    const send = () =>
      getFeatured.action(
        loaderArgs(database, "/get-featured/startup", { type: "startup" }, { init: { method: "POST", body: form() } }) as never,
      );
    await Promise.all([send(), send()]);
    expect(await applicationsNamed("Twin Ledger")).toBe(1);
  });

  it("that was tampered with is refused even when every field is right", async () => {
    const proof = JSON.parse(Buffer.from(await solvedProof(database), "base64").toString("utf8")) as { solution: { derivedKey: string } };
    const key = proof.solution.derivedKey;
    proof.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
    const answer = await post({ ...startup, name: "Forged Ledger" }, Buffer.from(JSON.stringify(proof)).toString("base64"));
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.proof).toBeDefined();
    expect(await applicationsNamed("Forged Ledger")).toBe(0);
  });
});
