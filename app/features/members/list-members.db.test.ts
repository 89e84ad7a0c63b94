/**
 * The member list of /admin/members (decision 0081) against a real database: part of a name or address in any case,
 * LIKE's wildcards taken as letters, pages by cursor that neither skip nor repeat a member (microseconds apart, or at
 * the same moment), a capped count, every search served by the trigram indexes, and what each row says (plan, the
 * subscription's state, this month's usage, sign-in methods, last sign-in).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, sessions, users } from "#db/schema/accounts.ts";
import { billingSubscriptions, tierGrants } from "#db/schema/billing.ts";
import { usageCounters } from "#db/schema/usage.ts";
import { execRows, type Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { COUNT_CAP, listMembers, memberSearchCondition } from "./list-members.server.ts";
import { MEMBER_PAGE_SIZE, parseMemberQuery, type MemberQuery } from "./member-query.ts";

let database: Database;
const NOW = new Date("2031-05-10T12:00:00Z");

const query = (q: string, page: Partial<MemberQuery> = {}): MemberQuery => ({ ...parseMemberQuery(new URLSearchParams({ q })), ...page });
const emailsOf = async (q: string) => (await listMembers(database, query(q), NOW)).items.map((m) => m.email).sort();

async function member(id: string, name: string, email: string, createdAt = "2031-01-01T00:00:00Z") {
  await database.rows(sql`
    INSERT INTO users (id, name, email, email_verified, created_at) VALUES (${id}, ${name}, ${email}, true, ${createdAt}::timestamptz)
    RETURNING id`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await member("ann", "Ann Li", "ann.export@example.org");
  await member("bo", "Bo An", "bo@annex.example");
  await member("dana", "Dana Smith", "dana@example.net");
  await member("pct", "Per Cent", "100%sure@example.org");
  await member("und", "Under Score", "a_c@example.org");
  await member("abc", "Abc Plain", "abc@example.org");
  await member("bsl", "Back Slash", "back\\slash@example.org");
});

afterAll(async () => {
  await database?.close();
});

describe("search", () => {
  it("finds part of an address or a name in any letter case", async () => {
    expect(await emailsOf("ANN.EXP")).toEqual(["ann.export@example.org"]);
    expect(await emailsOf("smit")).toEqual(["dana@example.net"]);
    expect(await emailsOf("Annex")).toEqual(["bo@annex.example"]);
  });

  it("with one or two letters, finds names and addresses that start with them (a name's second word too)", async () => {
    expect(await emailsOf("an")).toEqual(["ann.export@example.org", "bo@annex.example"]);
    expect(await emailsOf("D")).toEqual(["dana@example.net"]);
  });

  it("takes %, _ and \\ as the letters they are, not as wildcards", async () => {
    // As wildcards, "%" and "_" would list everyone and "a_c" would find abc@ too.
    expect(await emailsOf("100%s")).toEqual(["100%sure@example.org"]);
    expect(await emailsOf("%sure")).toEqual(["100%sure@example.org"]);
    expect(await emailsOf("a_c")).toEqual(["a_c@example.org"]);
    expect(await emailsOf("back\\s")).toEqual(["back\\slash@example.org"]);
    // Without three letters or digits in a row, a search starts a name word or an address: "a_" as a wildcard would
    // also find abc@ and ann.export@, "1%" would find 100%sure@.
    expect(await emailsOf("a_")).toEqual(["a_c@example.org"]);
    expect(await emailsOf("1%")).toEqual([]);
  });

  it("refuses punctuation alone, which would match nearly everyone, with a message for the field", async () => {
    for (const q of ["%", "_", "%%%", "___", "\\"]) {
      const parsed = parseMemberQuery(new URLSearchParams({ q }));
      expect(parsed.error).toBe("Include a letter or a digit: punctuation alone would match almost everyone.");
      expect((await listMembers(database, parsed, NOW)).items).toEqual([]);
    }
  });

  it("refuses NUL and an over-long search beside the field, and searches nothing", async () => {
    const nul = parseMemberQuery(new URLSearchParams({ q: "ann\0" }));
    expect(nul.error).toMatch(/NUL/);
    expect((await listMembers(database, nul, NOW)).items).toEqual([]);
    const long = parseMemberQuery(new URLSearchParams({ q: "a".repeat(201) }));
    expect(long.error).toBe("Search with at most 200 characters.");
  });

  // The planner may still walk the (created_at, id) index when most members match (a common word): that stops after a
  // page. What is checked here is that a search can always be answered from an index, whatever the table's size.
  it.each(["ann", "an", "a_c", "x", "Smith", "0%s", "a.b", "ö"])(
    "is served by the trigram indexes, never by reading the table: %s",
    async (q) => {
      const plan = await database.db.transaction(async (tx) => {
        await execRows(tx, sql`SET LOCAL enable_seqscan = off`);
        const rows = await execRows<Record<string, string>>(tx, sql`EXPLAIN SELECT count(*) FROM users WHERE ${memberSearchCondition(q)}`);
        return rows.map((r) => Object.values(r)[0]).join("\n");
      });
      expect(plan).not.toMatch(/Seq Scan on users/);
      expect(plan).toMatch(/users_(name|email)_trgm_idx/);
    },
  );
});

describe("pages", () => {
  const walk = async (q: string) => {
    const seen: string[] = [];
    const pages: string[][] = [];
    let page = await listMembers(database, query(q), NOW);
    for (;;) {
      pages.push(page.items.map((m) => m.id));
      seen.push(...page.items.map((m) => m.id));
      if (!page.older) break;
      page = await listMembers(database, query(q, { after: page.older }), NOW);
    }
    return { seen, pages, last: page };
  };

  it("walk every member newest first, without skipping or repeating one, and back again", async () => {
    // 130 members: some a microsecond apart (a JavaScript date would round them together), some at the same moment.
    const values = Array.from({ length: 130 }, (_, i) => {
      const at = i < 40 ? `2032-01-01 00:00:00.0000${String(i).padStart(2, "0")}+00` : `2032-01-0${1 + (i % 3)} 00:00:00+00`;
      return sql`(${`page-${String(i).padStart(3, "0")}`}, ${`Pager ${i}`}, ${`pager${i}@paging.example`}, true, ${at}::timestamptz)`;
    });
    await database.rows(
      sql`INSERT INTO users (id, name, email, email_verified, created_at) VALUES ${sql.join(values, sql`, `)} RETURNING id`,
    );
    const expected = (
      await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE email LIKE '%@paging.example' ORDER BY created_at DESC, id DESC`)
    ).map((r) => r.id);

    const { seen, pages, last } = await walk("paging.example");
    expect(seen).toEqual(expected);
    expect(pages.map((p) => p.length)).toEqual([MEMBER_PAGE_SIZE, MEMBER_PAGE_SIZE, 30]);

    // Back from the last page through "newer": the same pages in reverse.
    const back: string[][] = [];
    let page = last;
    while (page.newer) {
      page = await listMembers(database, query("paging.example", { before: page.newer }), NOW);
      back.push(page.items.map((m) => m.id));
    }
    expect(back).toEqual([pages[1], pages[0]]);
    expect(page.newer).toBeNull();
  });

  it("count matches up to 1,000, then say there are more", async () => {
    await database.rows(sql`
      INSERT INTO users (id, name, email, email_verified)
      SELECT 'bulk-' || n, 'Bulk ' || n, 'bulk' || n || '@bulk.example', true FROM generate_series(1, ${COUNT_CAP + 5}) AS n
      RETURNING id`);
    expect((await listMembers(database, query("bulk.example"), NOW)).matches).toEqual({ count: COUNT_CAP, capped: true });
    expect((await listMembers(database, query("bulk12@"), NOW)).matches).toEqual({ count: 1, capped: false });
  });
});

describe("each row", () => {
  it("says the plan, where it comes from, the subscription's state, this month's usage and how and when they signed in", async () => {
    await member("rich", "Rita Rich", "rita@rows.example");
    await database.db
      .update(users)
      .set({ tier: "premium", lastSignedInAt: new Date("2031-05-01T08:00:00Z") })
      .where(sql`id = 'rich'`);
    await database.db.insert(billingSubscriptions).values({
      id: "sub_rows_1",
      userId: "rich",
      providerCustomerId: "cus_rows",
      status: "past_due",
      tier: "premium",
      interval: "monthly",
      pastDueSince: new Date("2031-05-08T00:00:00Z"),
      currentPeriodEnd: new Date("2031-06-01T00:00:00Z"),
    });
    await database.db.insert(usageCounters).values([
      { userId: "rich", year: 2031, month: 5, action: "company_view", count: 12 },
      { userId: "rich", year: 2031, month: 5, action: "ai_summary", count: 3 },
      { userId: "rich", year: 2031, month: 5, action: "ai_intro_message", count: 2 },
      { userId: "rich", year: 2031, month: 4, action: "data_export", count: 9 },
    ]);
    await database.db.insert(accounts).values([
      { id: "acc-rows-1", accountId: "g-1", providerId: "google", userId: "rich" },
      { id: "acc-rows-2", accountId: "rich", providerId: "credential", userId: "rich", password: "x" },
    ]);
    await database.db.insert(sessions).values({
      id: "ses-rows",
      token: "tok-rows",
      userId: "rich",
      createdAt: new Date("2031-05-09T10:00:00Z"),
      expiresAt: new Date("2031-05-16T10:00:00Z"),
    });
    const [rita] = (await listMembers(database, query("rita@rows"), NOW)).items;
    expect(rita).toMatchObject({
      plan: "Premium",
      planSource: { source: "subscription", text: "Paid subscription" },
      subscription: { state: "past_due", text: "Past due since 8 May 2031" },
      signInMethods: ["Password", "Google"],
      lastSignInAt: "2031-05-09T10:00:00.000Z",
      role: "user",
      disabledAt: null,
    });
    expect(rita!.usage).toEqual([
      expect.objectContaining({ type: "views", used: 12, status: "unlimited" }),
      expect.objectContaining({ type: "AI requests", used: 5, limit: 500 }),
      expect.objectContaining({ type: "exports", used: 0, limit: 1000 }),
      expect.objectContaining({ type: "API calls", used: 0, limit: 10000 }),
    ]);
  });

  it("names a complimentary plan and its last day, and a free member's usage without views", async () => {
    await member("gift", "Gil Gift", "gil@rows.example");
    await database.db
      .update(users)
      .set({ tier: "subscriber" })
      .where(sql`id = 'gift'`);
    await database.db
      .insert(tierGrants)
      .values({ userId: "gift", source: "complimentary", tier: "subscriber", endsAt: new Date("2031-07-01T00:00:00Z") });
    await member("free", "Fay Free", "fay@rows.example");
    const items = (await listMembers(database, query("@rows.example"), NOW)).items;
    const gil = items.find((m) => m.id === "gift")!;
    expect(gil).toMatchObject({
      plan: "Subscriber",
      planSource: { text: "Complimentary until 30 Jun 2031" },
      subscription: { text: "None" },
    });
    const fay = items.find((m) => m.id === "free")!;
    expect(fay).toMatchObject({ plan: "Free", signInMethods: [], lastSignInAt: null });
    expect(fay.usage.map((q) => q.type)).toEqual(["AI requests", "exports", "API calls"]);
  });
});
