/**
 * Owners' edits (issue 36, decision 0115) through the routes an owner and an operator use: a change is a proposal and
 * nothing public moves until an operator approves it; the diff marks values changed since; a rejection keeps the
 * listing; low-risk fields an operator lets through publish at once as "Submitted by the company"; a frozen listing
 * takes nothing; a stranger's post is a 404; bad input is a 400 with messages and the typed values kept.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { listingEditFreezes } from "#db/schema/listing-owners.ts";
import { listingChangeProposals, ownerFieldRules } from "#db/schema/owner-changes.ts";
import { seedListings } from "#demo/seed-database.ts";
import { getFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import { applyListingFields } from "~/features/listing-editor/apply-listing-fields.server.ts";
import { grantOwnership } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import * as apiListing from "./api.listing.ts";
import * as edit from "./my-listings.edit.tsx";
import * as review from "./admin.listing-changes.detail.tsx";
import * as queue from "./admin.listing-changes.tsx";
import * as editor from "./admin.listings.edit.tsx";
import { FROZEN_MESSAGE } from "~/features/owner-edits/propose-changes.server.ts";
import { ownerForm } from "~/features/owner-edits/test-support.ts";

let database: Database;
let listing: { id: string; slug: string; type: "startup" | "investor" | "partner"; name: string; tagline: string | null };
let owner: SessionUser;
let stranger: SessionUser;
let admin: SessionUser;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
  owner = await insertMember(database, "owner-edits-owner", "public");
  stranger = await insertMember(database, "owner-edits-stranger", "premium");
  admin = await insertMember(database, "owner-edits-admin", "premium", "admin");
  [listing] = (await database.db
    .select({ id: listings.id, slug: listings.slug, type: listings.type, name: listings.name, tagline: listings.tagline })
    .from(listings)
    .where(and(eq(listings.processingStatus, "published"), eq(listings.visibility, "public"), eq(listings.type, "startup")))
    .orderBy(asc(listings.slug))
    .limit(1)) as [typeof listing];
  await grantOwnership(database.db, {
    listingId: listing.id,
    listingName: listing.name,
    userId: owner.id,
    via: "operator",
    actor: { id: admin.id, source: "admin" },
  });
});

beforeEach(async () => {
  await database.db.delete(listingChangeProposals);
  await database.db.delete(listingEditFreezes);
  await database.db.delete(ownerFieldRules);
});

afterAll(async () => {
  await database?.close();
});

type Answer = {
  data: { ok: boolean; message?: string; errors?: Record<string, string>; values?: { fields: Record<string, string> } };
  init?: { status?: number };
};
const path = () => `/my-listings/${listing.id}/edit`;
const params = () => ({ listingId: listing.id });

async function editPage(user: SessionUser = owner) {
  return (await edit.loader(loaderArgs(database, path(), params(), { user }) as never)) as Awaited<ReturnType<typeof edit.loader>>;
}

/** The owner's form as the page shows it, with `changes` typed in, posted. */
async function send(changes: Record<string, string | string[]>, user: SessionUser = owner): Promise<Answer | Response> {
  const page = await editPage(owner);
  const init = { method: "POST", body: ownerForm(page.values, changes) };
  return (await edit.action(loaderArgs(database, path(), params(), { user, init }) as never)) as Answer | Response;
}

async function decide(id: string, fields: Record<string, string>): Promise<Answer> {
  const init = { method: "POST", body: new URLSearchParams(fields) };
  return (await review.action(loaderArgs(database, `/admin/listing-changes/${id}`, { id }, { user: admin, init }) as never)) as Answer;
}

/** The public API's body for the listing, as a signed-out visitor gets it. */
async function publicBody(): Promise<{ data: { tagline: string | null; provenance?: Record<string, { text: string }> } }> {
  const args = loaderArgs(database, `/api/listings/${listing.type}/${listing.slug}`, { type: listing.type, slug: listing.slug });
  const answer = (await apiListing.loader(args as never)) as Response;
  return answer.json() as never;
}

const proposals = () => database.db.select().from(listingChangeProposals).orderBy(asc(listingChangeProposals.createdAt));

describe("an owner's edit", () => {
  it("is stored as a proposal with before and after values, audited, and changes nothing public", async () => {
    const before = await publicBody();
    const answer = await send({ tagline: "The fastest ledger in the world", contactEmail: "hello@owner-edits.test" });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(`/my-listings/${listing.id}/edit?notice=proposed`);
    const [proposal] = await proposals();
    expect(proposal).toMatchObject({ origin: "owner", status: "pending", proposedBy: owner.id });
    expect(proposal!.changes.map((c) => c.field)).toEqual(["tagline", "contactEmail"]);
    expect(proposal!.changes[0]).toEqual({ field: "tagline", before: listing.tagline, after: "The fastest ledger in the world" });
    expect((await publicBody()).data.tagline).toBe(before.data.tagline);
    const [stored] = await database.db.select({ tagline: listings.tagline }).from(listings).where(eq(listings.id, listing.id));
    expect(stored!.tagline).toBe(listing.tagline);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, "owner_change"), eq(auditLog.action, "proposed")));
    expect(entries.at(-1)).toMatchObject({ recordId: listing.id, actorId: owner.id, source: "member" });
    // The owner sees it waiting on their page.
    expect((await editPage()).proposals[0]).toMatchObject({ status: "pending", fields: ["Tagline", "Contact e-mail"] });
  });

  it("answers a member who does not keep the listing with 404, and stores nothing", async () => {
    const attempt = send({ tagline: "Hijacked" }, stranger);
    await expect(attempt).rejects.toSatisfy((e) => e instanceof AppError && e.code === "not_found");
    expect(await proposals()).toEqual([]);
  });

  it("answers bad input with 400 and a message beside the field, keeping what was typed", async () => {
    const answer = (await send({ tagline: "Kept as typed", websiteUrl: "ftp://files.example", foundedYear: "1492" })) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toMatchObject({
      websiteUrl: "Enter a web address starting with http:// or https://, such as https://example.com.",
      foundedYear: expect.stringMatching(/^Enter a year from 1800 to \d{4}\.$/),
    });
    expect(answer.data.values?.fields.tagline).toBe("Kept as typed");
    // Only the owner's fields go back to the owner: none of the operator's settings.
    expect(answer.data.values?.fields).not.toHaveProperty("visibility");
    expect(await proposals()).toEqual([]);
  });

  it("ignores an operator's setting smuggled into the post", async () => {
    await send({ tagline: "Smuggling", visibility: "public", featured: "on", name: "Renamed Inc", slug: "renamed" });
    const [proposal] = await proposals();
    expect(proposal!.changes.map((c) => c.field)).toEqual(["tagline"]);
  });

  it("adds a row without JavaScript: the form comes back with it and what was typed, and nothing is stored", async () => {
    const answer = (await send({ intent: "row:faqs:add", tagline: "Typed before adding" })) as Answer & {
      data: { values?: { rows: { faqs: unknown[] } } };
    };
    expect(answer.data.ok).toBe(true);
    expect(answer.data.values?.rows.faqs).toHaveLength((await editPage()).values.rows.faqs.length + 1);
    expect(answer.data.values?.fields.tagline).toBe("Typed before adding");
    expect(await proposals()).toEqual([]);
  });

  it("is refused with a clear message while an operator has frozen the listing", async () => {
    await database.db.insert(listingEditFreezes).values({ listingId: listing.id, reason: "Ownership disputed", frozenBy: admin.id });
    const answer = (await send({ tagline: "While frozen" })) as Answer;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.errors?.form).toBe(FROZEN_MESSAGE);
    expect(await proposals()).toEqual([]);
    expect((await editPage()).frozen).toBe(true);
  });
});

describe("an operator's review", () => {
  it("shows the diff and, approved, publishes it as submitted by the company and e-mails the owner", async () => {
    await send({ tagline: "Approved words", hqCity: "Lisbon" });
    const [proposal] = await proposals();
    const page = await review.loader(
      loaderArgs(database, `/admin/listing-changes/${proposal!.id}`, { id: proposal!.id }, { user: admin }) as never,
    );
    expect(page.diff.map((d) => [d.label, d.after, d.stale])).toEqual([
      ["Tagline", "Approved words", false],
      ["City", "Lisbon", false],
    ]);
    const answer = await decide(proposal!.id, { intent: "approve" });
    expect(answer.data).toMatchObject({ ok: true });
    const body = await publicBody();
    expect(body.data.tagline).toBe("Approved words");
    expect(body.data.provenance?.about?.text).toMatch(/^Updated \d{1,2} \w{3} \d{4} · Submitted by the company$/);
    const sources = (await getFieldSources(database.db, [listing.id])).get(listing.id)!;
    expect(sources.tagline).toMatchObject({ source: "owner_submission" });
    // The editor names the owner to operators, looked up from the proposal (no name is kept in the provenance).
    const edited = await editor.loader(loaderArgs(database, `/admin/listings/${listing.id}`, { id: listing.id }, { user: admin }) as never);
    expect(edited.sources.tagline).toMatch(/^Owner's change · \d{1,2} \w{3} \d{4} · by Member owner-edits-owner$/);
    expect((await proposals())[0]).toMatchObject({ status: "approved", decidedBy: admin.id });
    const [mail] = await database.rows<{ to: string[]; subject: string }>(
      sql`SELECT "to", subject FROM outbox_emails WHERE kind = 'owner_change_decided' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail).toEqual({ to: [owner.email], subject: `Your changes to ${listing.name} are live` });
  });

  it("marks values changed since the proposal as stale and does not overwrite them unless told to", async () => {
    await send({ tagline: "Owner's stale words" });
    const [proposal] = await proposals();
    // An operator sets the tagline in between.
    await applyListingFields(database, {
      id: listing.id,
      values: { tagline: "Operator's newer words" },
      actor: admin,
      author: { source: "operator_edit", actor: "admin" },
      now: new Date(),
    });
    const page = await review.loader(
      loaderArgs(database, `/admin/listing-changes/${proposal!.id}`, { id: proposal!.id }, { user: admin }) as never,
    );
    expect(page.diff[0]).toMatchObject({ field: "tagline", now: "Operator's newer words", after: "Owner's stale words", stale: true });
    const refused = await decide(proposal!.id, { intent: "approve" });
    expect(refused.init?.status).toBe(409);
    expect(refused.data.message).toMatch(/^Tagline changed since this was proposed/);
    expect((await publicBody()).data.tagline).toBe("Operator's newer words");
    expect((await proposals())[0]!.status).toBe("pending");
    expect((await decide(proposal!.id, { intent: "approve", replaceNewer: "on" })).data.ok).toBe(true);
    expect((await publicBody()).data.tagline).toBe("Owner's stale words");
  });

  it("rejected with a note, keeps the listing as it was and tells the owner why", async () => {
    const before = (await publicBody()).data.tagline;
    await send({ tagline: "Rejected words" });
    const [proposal] = await proposals();
    const noNote = await decide(proposal!.id, { intent: "reject", note: " " });
    expect(noNote.init?.status).toBe(400);
    expect(noNote.data.errors?.note).toBe("Tell the owner why.");
    expect((await decide(proposal!.id, { intent: "reject", note: "Please keep the tagline factual." })).data.ok).toBe(true);
    expect((await publicBody()).data.tagline).toBe(before);
    expect((await editPage()).proposals[0]).toMatchObject({ status: "rejected", note: "Please keep the tagline factual." });
    const [mail] = await database.rows<{ text: string }>(
      sql`SELECT text FROM outbox_emails WHERE kind = 'owner_change_decided' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail!.text).toContain("Please keep the tagline factual.");
    // Decided once: a second decision is a conflict, not a second write.
    expect((await decide(proposal!.id, { intent: "approve" })).init?.status).toBe(409);
  });
});

describe("publishing at once", () => {
  const setRules = async (fields: string[]) => {
    const body = new URLSearchParams(fields.map((f) => ["atOnce", f]));
    return (await queue.action(
      loaderArgs(database, "/admin/listing-changes", {}, { user: admin, init: { method: "POST", body } }) as never,
    )) as Answer;
  };

  it("publishes a low-risk field an operator lets through at once, and still reviews the rest", async () => {
    expect((await setRules(["tagline", "faqs"])).data.ok).toBe(true);
    const answer = (await send({ tagline: "Live at once", phone: "+1 415 555 2671" })) as Response;
    expect(answer.headers.get("Location")).toBe(`/my-listings/${listing.id}/edit?notice=both`);
    const body = await publicBody();
    expect(body.data.tagline).toBe("Live at once");
    expect(body.data.provenance?.about?.text).toMatch(/Submitted by the company$/);
    const rows = await proposals();
    expect(rows.map((r) => [r.status, r.changes.map((c) => c.field)])).toEqual(
      expect.arrayContaining([
        ["published", ["tagline"]],
        ["pending", ["phone"]],
      ]),
    );
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, "owner_change"), eq(auditLog.action, "published")));
    expect(entries.at(-1)).toMatchObject({ actorId: owner.id, details: { fields: ["tagline"] } });
  });

  it("can never be set for a high-risk field: the rules' form answers 400 and the table refuses it", async () => {
    const answer = await setRules(["tagline", "contactEmail"]);
    expect(answer.init?.status).toBe(400);
    expect(answer.data.message).toMatch(/^Contact e-mail can never publish at once/);
    expect(await database.db.select().from(ownerFieldRules)).toEqual([]);
    await expect(database.db.insert(ownerFieldRules).values({ field: "contactEmail", publishAtOnce: true })).rejects.toThrow();
  });
});
