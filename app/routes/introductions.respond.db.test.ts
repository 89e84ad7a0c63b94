/**
 * The recipient's accept and decline links as the browser gets them: a link that can do nothing answers 4xx with the
 * page that says why (issue 29 §11: "4xx for a bad token"), opened or posted; an answered link stays a readable 200
 * when opened, and a second answer is a 409.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import { responseLinkErrorCode, reviewIntroRequest } from "~/features/introductions/intro-review.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import { action as respond, loader as open } from "./introductions.respond.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 20);
});

afterAll(async () => {
  await database?.close();
});

/** What React Router sends: the status of a `data()` answer (200 for a plain object) and the page's state. */
function answered(result: unknown): { status: number; state: unknown } {
  if (typeof result === "object" && result !== null && (result as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: { state?: unknown; target?: unknown }; init: ResponseInit | null };
    return { status: init?.status ?? 200, state: data.state ?? data.target };
  }
  return { status: 200, state: (result as { state: unknown }).state };
}

const opened = async (token: string) => answered(await open(loaderArgs<never>(database, "/introductions/respond/x", { token })));
const posted = async (token: string) =>
  answered(await respond(loaderArgs<never>(database, "/introductions/respond/x", { token }, { init: { method: "POST" } })));

let requests = 0;
async function approvedRequestLinks(): Promise<{ accept: string; decline: string }> {
  const n = ++requests;
  const [recipient] = await database.rows<{ type: "startup"; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE visibility = 'public' AND primary_contact_email IS NOT NULL LIMIT 1`,
  );
  const member = await insertMember(database, `respond-member-${n}`, "subscriber");
  const admin = await insertMember(database, `respond-admin-${n}`, "premium", "admin");
  const created = await createIntroRequest(database, {
    input: {
      recipientType: recipient!.type,
      recipientSlug: recipient!.slug,
      senderName: "Rita Requester",
      senderEmail: "rita@example.org",
      message: "We would like to talk about a pilot together.",
    },
    user: member,
    clientAddress: `10.9.9.${n}`,
  });
  await reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin });
  const [mail] = await database.rows<{ text: string }>(
    sql`SELECT text FROM outbox_emails WHERE kind = 'intro_request' ORDER BY created_at DESC LIMIT 1`,
  );
  const [accept, decline] = [...mail!.text.matchAll(/\/introductions\/respond\/(\S+)/g)].map((m) => m[1]!);
  return { accept: accept!, decline: decline! };
}

describe("/introductions/respond/:token", () => {
  it("answers a made-up or tampered link with 404 and the page saying so, opened or posted", async () => {
    const { accept } = await approvedRequestLinks();
    for (const token of ["nonsense", accept.replace(/.$/, (c) => (c === "A" ? "B" : "A")), accept.replace("accept", "decline")]) {
      expect(await opened(token)).toEqual({ status: 404, state: "invalid" });
      expect(await posted(token)).toEqual({ status: 404, state: "invalid" });
    }
  });

  it("an expired link is a 410, opened or posted (the page says it has expired)", () => {
    // The clock of the links is the feature's (intro-requests.db.test.ts expires one); here, the status it maps to.
    expect(responseLinkErrorCode("expired", false)).toBe("gone");
    expect(responseLinkErrorCode("expired", true)).toBe("gone");
  });

  it("an open link is a 200; once answered, opening it is a 200 that says so and answering again a 409", async () => {
    const { accept, decline } = await approvedRequestLinks();
    expect(await opened(accept)).toMatchObject({ status: 200, state: "open" });
    expect(await posted(accept)).toEqual({ status: 200, state: "accepted" });
    expect(await opened(decline)).toEqual({ status: 200, state: "answered" });
    expect(await posted(decline)).toEqual({ status: 409, state: "answered" });
  });
});
