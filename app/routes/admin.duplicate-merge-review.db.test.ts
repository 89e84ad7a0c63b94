/**
 * The review queue's merges and bulk actions as an operator (and an attacker) sees them (issue 32, decision 0091):
 * no merge without the confirmation that was shown, a confirmation that says field by field what the merge then
 * really does, bulk dismiss and bulk merge with their undo, and the admin guard on each.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors.ts";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { listings } from "#db/schema/listings.ts";
import { queueForReview } from "~/features/duplicates/server/review-queue.server.ts";
import { showValue } from "~/features/duplicates/compare-records.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import type { QueueOutcome } from "~/features/duplicates/queue-outcome.ts";
import * as queue from "./admin.duplicate-management.tsx";
import * as confirm from "./admin.duplicate-management.merge.tsx";

let database: Database;
let admin: SessionUser;
let otherAdmin: SessionUser;
let member: SessionUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await insertMember(database, "merge-admin", "premium", "admin");
  otherAdmin = await insertMember(database, "merge-admin-2", "premium", "admin");
  member = await insertMember(database, "merge-member", "premium", "user");
  const rows: Array<[string, Partial<typeof listings.$inferInsert> & { name: string }]> = [
    ["kestrel", { name: "Kestrel Secure", tagline: "Zero-trust access for factories", foundedYear: 2018 }],
    ["kestrelLtd", { name: "Kestrel Secure Ltd", tagline: "Managed IT security for small firms and schools", foundedYear: 2025 }],
    ["a1", { name: "Amber Loop", foundedYear: 2019 }],
    ["a2", { name: "Amber Loop GmbH", foundedYear: 2020 }],
    ["b1", { name: "Birch Labs" }],
    ["b2", { name: "Birch Labs Inc." }],
    ["c1", { name: "Cobalt Farm" }],
    ["c2", { name: "Cobalt Farm AB" }],
    ["d1", { name: "Dune Pay" }],
    ["d2", { name: "Dune Pay SAS" }],
  ];
  for (const [i, [key, row]] of rows.entries()) {
    const [inserted] = await database.db
      .insert(listings)
      .values({ slug: key.toLowerCase(), type: "startup", ...row, createdAt: new Date(Date.UTC(2025, 0, i + 1)) })
      .returning({ id: listings.id });
    ids[key] = inserted!.id;
  }
  await queueForReview(database, "scan", [
    { ids: [ids.kestrel!, ids.kestrelLtd!], score: 0.94, reasons: ["name 0.94", "same legal name without the form"] },
    ...(["a", "b", "c", "d"] as const).map((k) => ({ ids: [ids[`${k}1`]!, ids[`${k}2`]!] as const, score: 0.9, reasons: ["name 0.90"] })),
  ]);
});

afterAll(async () => {
  await database?.close();
});

const reviewOf = async (a: string, b: string) =>
  (
    await database.db
      .select()
      .from(duplicateReviews)
      .where(inArray(duplicateReviews.listingA, [a, b]))
  ).find((r) => [r.listingA, r.listingB].sort().join() === [a, b].sort().join())!;
const statusOf = async (id: string) =>
  (await database.db.select({ s: listings.processingStatus }).from(listings).where(eq(listings.id, id)))[0]!.s;

type ConfirmationItem = Awaited<ReturnType<typeof confirm.loader>>["items"][number];
async function confirmation(query: string, user: SessionUser = admin) {
  const answer = await confirm.loader(loaderArgs(database, `/admin/duplicate-management/merge?${query}`, {}, { user }) as never);
  return answer.items as ConfirmationItem[];
}
const pairOf = (item: ConfirmationItem) => {
  if (!("pair" in item)) throw new Error(`not a pair: ${item.error}`);
  return item.pair;
};

async function post(fields: Array<[string, string]>, user: SessionUser | null = admin) {
  const init = { method: "POST", body: new URLSearchParams(fields) };
  const answer = (await queue.action(loaderArgs(database, "/admin/duplicate-management", {}, { user, init }) as never)) as {
    data: FormResult<string, QueueOutcome>;
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, ...answer.data };
}

describe("merging from the review queue", () => {
  it("refuses a merge that was not confirmed, or whose confirmation was forged or is another admin's", async () => {
    const refused = await post([["intent", "merge"]]);
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^Nothing was merged: a merge needs its confirmation/);

    const forged = await post([
      ["intent", "merge"],
      ["confirmed", `${ids.kestrel}.${ids.kestrelLtd}.${"A".repeat(43)}`],
    ]);
    expect(forged.data).toMatchObject({ merged: [], failed: [expect.stringMatching(/Not confirmed/)] });

    const shownToAnother = pairOf((await confirmation(`pair=${ids.kestrel}_${ids.kestrelLtd}`, otherAdmin))[0]!);
    const replayed = await post([
      ["intent", "merge"],
      ["confirmed", shownToAnother.confirmed],
    ]);
    expect(replayed.message).toMatch(/^Nothing was merged\. 1 pair not merged: Kestrel Secure Ltd into Kestrel Secure: Not confirmed/);
    expect(await statusOf(ids.kestrelLtd!)).toBe("published");
  });

  it("refuses a confirmation shown before one of the listings changed", async () => {
    const shown = pairOf((await confirmation(`pair=${ids.kestrel}_${ids.kestrelLtd}`))[0]!);
    await database.db
      .update(listings)
      .set({ updatedAt: new Date(Date.UTC(2026, 10, 28)) })
      .where(eq(listings.id, ids.kestrelLtd!));
    const stale = await post([
      ["intent", "merge"],
      ["confirmed", shown.confirmed],
    ]);
    expect(stale.data).toMatchObject({ merged: [], failed: [expect.stringMatching(/changed since the confirmation/)] });
    expect(await statusOf(ids.kestrelLtd!)).toBe("published");
  });

  it("shows Kestrel Secure / Kestrel Secure Ltd field by field, and the merge then does exactly that", async () => {
    const pair = pairOf((await confirmation(`pair=${ids.kestrelLtd}_${ids.kestrel}`))[0]!);
    expect(pair).toMatchObject({ score: 0.94, reasons: ["name 0.94", "same legal name without the form"] });
    expect(pair.survivor.name).toBe("Kestrel Secure");
    const by = Object.fromEntries(pair.changes.map((c) => [c.field, c]));
    expect(by.name).toMatchObject({ outcome: "kept", result: "Kestrel Secure", lost: "Kestrel Secure Ltd" });
    expect(by.foundedYear).toMatchObject({ outcome: "kept", result: "2018", lost: "2025" });
    expect(by.tagline).toMatchObject({
      outcome: "taken",
      result: "Managed IT security for small firms and schools",
      lost: "Zero-trust access for factories",
    });

    const done = await post([
      ["intent", "merge"],
      ["confirmed", pair.confirmed],
    ]);
    expect(done.message).toBe("Merged Kestrel Secure Ltd into Kestrel Secure, which keeps its address.");
    const [survivor] = await database.db.select().from(listings).where(eq(listings.id, ids.kestrel!));
    for (const change of pair.changes) {
      const actual = (survivor as Record<string, unknown>)[change.field];
      expect(showValue(change.result), change.field).toBe(showValue(actual instanceof Date ? actual.toISOString() : actual));
    }
    expect(await statusOf(ids.kestrelLtd!)).toBe("merged");
    expect((await reviewOf(ids.kestrel!, ids.kestrelLtd!)).status).toBe("merged");

    // The same confirmation cannot merge twice.
    const again = await post([
      ["intent", "merge"],
      ["confirmed", pair.confirmed],
    ]);
    expect(again.data).toMatchObject({ merged: [], failed: [expect.any(String)] });
  });
});

describe("bulk actions in the review queue", () => {
  it("dismisses the selected pairs, says what it did, and the undo puts exactly those back", async () => {
    const [a, b] = [await reviewOf(ids.a1!, ids.a2!), await reviewOf(ids.b1!, ids.b2!)];
    const kestrel = await reviewOf(ids.kestrel!, ids.kestrelLtd!);
    const dismissed = await post([
      ["intent", "dismiss-selected"],
      ["reviewId", a.id],
      ["reviewId", b.id],
      ["reviewId", kestrel.id],
    ]);
    expect(dismissed.message).toBe(
      "Dismissed 2 pairs: they will not be raised again. 1 pair not dismissed: This pair is merged, not open.",
    );
    expect(dismissed.data).toMatchObject({ intent: "dismiss", reviewIds: [a.id, b.id] });
    expect((await reviewOf(ids.a1!, ids.a2!)).status).toBe("dismissed");

    const undone = await post([
      ["intent", "reopen"],
      ...(dismissed.data!.intent === "dismiss" ? dismissed.data!.reviewIds.map((id) => ["reviewId", id] as [string, string]) : []),
    ]);
    expect(undone.message).toBe("Reopened 2 pairs: back in the review queue.");
    expect((await reviewOf(ids.a1!, ids.a2!)).status).toBe("open");
    expect((await reviewOf(ids.b1!, ids.b2!)).status).toBe("open");
  });

  it("merges a confirmed selection, reports each refusal, and one undo puts every listing back", async () => {
    const reviews = await Promise.all((["a", "b", "c"] as const).map((k) => reviewOf(ids[`${k}1`]!, ids[`${k}2`]!)));
    const items = await confirmation(reviews.map((r) => `reviewId=${r.id}`).join("&"));
    expect(items).toHaveLength(3);
    const pairs = items.map(pairOf);
    // The bulk confirmation says, per pair, what is lost: Amber Loop GmbH's founding year.
    expect(pairs.find((p) => p.survivor.name === "Amber Loop")!.changes.find((c) => c.field === "foundedYear")).toMatchObject({
      lost: "2020",
    });
    // One pair changes after it was shown: that one is refused, the others merge.
    await database.db.update(listings).set({ tagline: "Edited meanwhile" }).where(eq(listings.id, ids.c2!));
    const merged = await post([["intent", "merge"], ...pairs.map((p) => ["confirmed", p.confirmed] as [string, string])]);
    expect(merged.message).toMatch(
      /^Merged 2 pairs\. 1 pair not merged: Cobalt Farm AB into Cobalt Farm: Not confirmed, or a listing changed/,
    );
    expect(await Promise.all([ids.a2!, ids.b2!, ids.c2!].map(statusOf))).toEqual(["merged", "merged", "published"]);

    const outcome = merged.data!;
    if (outcome.intent !== "merge") throw new Error("not a merge outcome");
    const undone = await post([["intent", "undo"], ...outcome.merged.map((m) => ["mergeId", m.mergeId] as [string, string])]);
    expect(undone.message).toBe("Undid 2 merges: the listings are back as they were.");
    expect(await Promise.all([ids.a2!, ids.b2!].map(statusOf))).toEqual(["published", "published"]);
    expect((await reviewOf(ids.a1!, ids.a2!)).status).toBe("open");
  });

  it("refuses anyone but an admin, on the confirmation and on every action", async () => {
    const review = await reviewOf(ids.d1!, ids.d2!);
    const answer = async (run: () => unknown) => {
      try {
        const value = (await run()) as { init?: { status?: number } } | Response;
        return value instanceof Response ? value.status : (value.init?.status ?? 200);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status;
        if (thrown instanceof AppError) return thrown.status; // the error pipeline answers it with its code's status
        return (thrown as { init?: { status?: number } }).init?.status;
      }
    };
    expect(await answer(() => confirmation(`reviewId=${review.id}`, member))).toBe(403);
    for (const fields of [
      [
        ["intent", "dismiss-selected"],
        ["reviewId", review.id],
      ],
      [
        ["intent", "merge"],
        ["confirmed", `${ids.d1}.${ids.d2}.${"A".repeat(43)}`],
      ],
      [
        ["intent", "undo"],
        ["mergeId", review.id],
      ],
      [
        ["intent", "reopen"],
        ["reviewId", review.id],
      ],
    ] as Array<Array<[string, string]>>) {
      expect(await answer(() => post(fields, member))).toBe(403);
      expect(await answer(() => post(fields, null))).toBe(302);
    }
    expect((await reviewOf(ids.d1!, ids.d2!)).status).toBe("open");
  });
});
