/**
 * The monthly summary's one-click unsubscribe (RFC 8058, decision 0117) as a mail client sends it: a POST with no
 * cookie. A signed link turns the e-mail off (200); a forged one is a 400 and changes nothing; opening it (GET) changes
 * nothing either.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import { setSummaryEmails, summaryEmailsOn, summaryUnsubscribeToken } from "~/features/owner-insights/summary-emails.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { Route } from "./+types/unsubscribe-summary";
import { action, loader } from "./unsubscribe-summary.tsx";

let database: Database;
const owner = { id: "unsub-owner", name: "Una Owner", email: "una@unsub.test" };

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values({ ...owner, tier: "public", emailVerified: true });
});

afterAll(async () => {
  await database?.close();
});

type Answer = { init: { status: number }; data: { state: string } };

const args = (token: string, init?: RequestInit) =>
  loaderArgs<Route.ActionArgs>(database, `/unsubscribe-summary/${token}`, { token }, { init });

describe("the summary's one-click unsubscribe", () => {
  it("answers the mail client's POST without a session: 200 and off; a forged token 400 and nothing changed", async () => {
    await setSummaryEmails(database, owner.id, true, new Date("2026-12-04T00:00:00Z"));
    const token = await summaryUnsubscribeToken(database, owner.id, new Date("2026-12-05T00:00:00Z"));
    const click = (t: string) =>
      action(args(t, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) })) as unknown as Promise<Answer>;
    const opened = (await loader(args(token))) as unknown as Answer;
    expect([opened.init.status, opened.data.state]).toEqual([200, "open"]);
    expect(await summaryEmailsOn(database, owner.id)).toBe(true);
    const forged = await click(`${token.slice(0, -3)}AAA`);
    expect([forged.init.status, forged.data.state]).toEqual([400, "invalid"]);
    const otherMember = await click(token.replace(owner.id, "someone-else"));
    expect(otherMember.init.status).toBe(400);
    expect(await summaryEmailsOn(database, owner.id)).toBe(true);
    const done = await click(token);
    expect([done.init.status, done.data.state]).toEqual([200, "done"]);
    expect(await summaryEmailsOn(database, owner.id)).toBe(false);
  });
});
