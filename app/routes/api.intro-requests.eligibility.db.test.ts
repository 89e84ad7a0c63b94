/**
 * The request dialog's question when it opens, and the API's refusal (issue 36, decision 0116), as a client sees them: a
 * claimed listing that is paused or full this month is told up front; the POST refuses the same with a 4xx and spends
 * nothing (no stored request, no counted limit, the proof of work still unspent); bad parameters are a 400.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { introPreferences } from "#db/schema/intro-preferences.ts";
import { OPEN_PREFERENCES } from "~/features/introductions/intro-preferences.ts";
import { saveIntroPreferences } from "~/features/introductions/intro-preferences.server.ts";
import { insertMember, solvedProof } from "~/features/introductions/test-support.ts";
import { grantOwnership } from "~/features/listing-owners/ownership.server.ts";
import { spendProof } from "~/features/verification/proof-of-work.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import * as eligibility from "./api.intro-requests.eligibility.ts";
import * as requests from "./api.intro-requests.ts";

let database: Database;
let listing: { id: string; type: string; slug: string; name: string };
let member: SessionUser;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  [listing] = (await database.rows<typeof listing>(
    sql`SELECT id::text AS id, type, slug, name FROM listings WHERE visibility = 'public' AND processing_status = 'published' ORDER BY slug LIMIT 1`,
  )) as [typeof listing];
  member = await insertMember(database, "eligibility-member", "subscriber");
  await insertMember(database, "eligibility-owner", "subscriber");
  await grantOwnership(database.db, {
    listingId: listing.id,
    listingName: listing.name,
    userId: "eligibility-owner",
    via: "operator",
    actor: { id: "eligibility-owner", source: "admin" },
  });
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(introPreferences);
});

const ask = (query: Record<string, string>, user: SessionUser | null = member) =>
  answerOf(
    eligibility.loader(loaderArgs(database, `/api/intro-requests/eligibility?${new URLSearchParams(query)}`, {}, { user }) as never),
  );
const here = () => ({ recipientType: listing.type, recipientSlug: listing.slug });
const pause = () =>
  saveIntroPreferences(database, { listing, prefs: { ...OPEN_PREFERENCES, paused: true }, owner: { id: "eligibility-owner" } });
const counted = async () =>
  (
    await database.rows<{ n: number }>(
      sql`SELECT ((SELECT count(*) FROM intro_requests) + (SELECT coalesce(sum(count), 0) FROM rate_limit_windows))::int AS n`,
    )
  )[0]!.n;

describe("GET /api/intro-requests/eligibility", () => {
  it("says yes to an open listing and, for a paused one, why not, without naming an owner", async () => {
    expect(await (await ask(here())).json()).toEqual({ ok: true });
    await pause();
    for (const user of [member, null]) {
      const response = await ask(here(), user);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      const body = await response.json();
      expect(body).toEqual({ ok: false, reason: "paused", message: `${listing.name} is not taking introduction requests at the moment.` });
      expect(JSON.stringify(body)).not.toContain("eligibility-owner");
    }
  });

  it("answers 400 for missing or bad parameters and 404 for a listing that does not exist", async () => {
    const missing = await ask({ recipientType: "startup" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe("Choose who to be introduced to.");
    expect((await ask({ recipientType: "planet", recipientSlug: "x" })).status).toBe(400);
    expect((await ask({ ...here(), recipientSlug: "no-such-listing" })).status).toBe(404);
  });
});

describe("POST /api/intro-requests to a claimed listing that does not take it", () => {
  it("refuses with 409 and the same message, stores and counts nothing, and leaves the proof of work unspent", async () => {
    await pause();
    const before = await counted();
    const proof = await solvedProof(database);
    const init = {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        ...here(),
        senderName: member.name,
        senderEmail: member.email,
        message: "A pilot with your team would help both of us.",
        proofOfWork: proof,
      }),
    };
    const response = await answerOf(requests.action(loaderArgs(database, "/api/intro-requests", {}, { init, user: member }) as never));
    expect(response.status).toBe(409);
    expect((await response.json()).error).toBe(`${listing.name} is not taking introduction requests at the moment.`);
    expect(await counted()).toBe(before);
    expect(await spendProof(database, proof)).toEqual({ ok: true });
  });
});
