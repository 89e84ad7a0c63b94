/**
 * Test code only: a member who has done everything the product lets a member do, through the product's own write
 * paths (sign-up and its e-mailed link, sign-in, a plan chosen in demo billing, a complimentary plan from an operator, a
 * plan paid with a card through the payment provider's Checkout (plant-payments.ts), a saved search and its digest, follows, views, requests sent
 * and received, an API key used, a duplicate report, applications, and, as an operator, a merge, a review, a debugger
 * session and a backup), so that their name, address and id are wherever the database can hold them. Where a path
 * needs an operator's form that has no function of its own (a listing's contact), the row is written as that form
 * writes it.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { users, verifications } from "#db/schema/accounts.ts";
import { listingInvites } from "#db/schema/listing-claims.ts";
import { listingEditFreezes } from "#db/schema/listing-owners.ts";
import { demoBilling } from "~/features/billing/billing.server.ts";
import { createApiKey } from "~/features/api-keys/api-keys.server.ts";
import { authenticateApiKey } from "~/features/api-keys/api-key-auth.server.ts";
import { grantAdmin } from "~/features/accounts/grant-admin.server.ts";
import { recordCompanyView } from "~/features/access/usage.server.ts";
import { parseFeatureApplication, readFeatureForm } from "~/features/applications/feature-application.ts";
import { submitFeatureApplication } from "~/features/applications/feature-applications.server.ts";
import { submitPilotApplication } from "~/features/applications/pilot-applications.server.ts";
import { DIGEST_JOB, digestJobHandler, scheduleDigest } from "~/features/digests/digest-job.server.ts";
import { periodContaining } from "~/features/digests/digest-periods.ts";
import { mergeDuplicate } from "~/features/duplicates/server/merge.server.ts";
import { reportDuplicate } from "~/features/duplicates/server/report-duplicate.server.ts";
import { disableMember, enableMember, grantComplimentary } from "~/features/members/member-actions.server.ts";
import { refundableInvoices } from "~/features/billing/operator-refund.server.ts";
import { refundMemberPayment } from "~/features/members/member-refund.server.ts";
import { followListing } from "~/features/follows/follows.server.ts";
import { claimableBySlug, requestEvidenceClaim } from "~/features/listing-owners/claims.server.ts";
import { insightTallyFor } from "~/features/owner-insights/insight-tally.server.ts";
import { deliverOwnerSummary } from "~/features/owner-insights/monthly-summary.server.ts";
import { countProfileView, insightVisitor } from "~/features/owner-insights/record-insights.server.ts";
import { setSummaryEmails } from "~/features/owner-insights/summary-emails.server.ts";
import { grantOwnership, ownedListing } from "~/features/listing-owners/ownership.server.ts";
import { setAtOnceFields } from "~/features/owner-edits/field-rules.server.ts";
import { ownerEditPage } from "~/features/owner-edits/owner-edit-page.server.ts";
import { submitOwnerEdit } from "~/features/owner-edits/propose-changes.server.ts";
import { listProposals, rejectProposal } from "~/features/owner-edits/review-changes.server.ts";
import { ownerForm } from "~/features/owner-edits/test-support.ts";
import { setFollowEmails } from "~/features/follows/follow-emails.server.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import { respondToIntro, reviewIntroRequest } from "~/features/introductions/intro-review.server.ts";
import { answerIntroRequest } from "~/features/introductions/intro-answers.server.ts";
import { OPEN_PREFERENCES } from "~/features/introductions/intro-preferences.ts";
import { saveIntroPreferences } from "~/features/introductions/intro-preferences.server.ts";
import { DebuggerSessionStore } from "~/features/lead-debugger/session-store.server.ts";
import { createSavedSearch } from "~/features/saved-searches/saved-searches.server.ts";
import { createIndustryBackup } from "~/features/taxonomy/industries-backup.server.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { plantTeamsAndLists } from "./plant-teams.ts";
import { payForPlan, type PaidPlan, type PlantPayments } from "./plant-payments.ts";

export const PASSWORD = "correct horse battery staple";
const ORIGIN = "http://localhost:3000";

export interface Listing {
  id: string;
  type: "startup" | "investor" | "partner";
  slug: string;
  name: string;
}

/** Published public listings with a contact address, in a fixed order: the plants take them by position. */
export async function publicListings(database: Database): Promise<Listing[]> {
  return database.rows<Listing>(sql`
    SELECT id::text AS id, type, slug, name FROM listings
    WHERE processing_status = 'published' AND visibility = 'public' AND primary_contact_email IS NOT NULL ORDER BY slug`);
}

/** A password account as a person makes one: sign up, the e-mailed link, sign in. Returns its id and session cookie. */
export async function signUp(database: Database, name: string, email: string, userAgent = "Test browser") {
  const auth = getAuth(database);
  await auth.api.signUpEmail({ body: { name, email, password: PASSWORD }, headers: new Headers({ origin: ORIGIN }) });
  const [mail] = await database.rows<{ text: string }>(sql`
    SELECT text FROM outbox_emails WHERE kind = 'verify_email' AND ${email.toLowerCase()} = ANY("to") ORDER BY created_at DESC LIMIT 1`);
  await auth.api.verifyEmail({ query: { token: decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(mail!.text)![1]!) } });
  const signedIn = await auth.api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN, "user-agent": userAgent, "x-forwarded-for": "203.0.113.50" }),
    returnHeaders: true,
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const [row] = await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE email = ${email.toLowerCase()}`);
  return { id: row!.id, cookie };
}

/** The member as a session sees them, before their plan is read (the claim needs only who they are). */
function member0(id: string, name: string, email: string): SessionUser {
  return { id, name, email, picture: null, role: "user", tier: "public" };
}

export async function sessionUser(database: Database, id: string): Promise<SessionUser> {
  const [row] = await database.db
    .select()
    .from(users)
    .where(sql`${users.id} = ${id}`);
  return { id, name: row!.name, email: row!.email, picture: null, role: row!.role, tier: row!.tier };
}

/** The operator who reviews the planted member's requests (not them: their own requests need someone else). */
export async function operator(database: Database): Promise<{ id: string }> {
  const id = "op-ada";
  await database.db
    .insert(users)
    .values({ id, name: "Ada Operator", email: "ada.operator@ops.test", emailVerified: true, role: "admin", tier: "premium" })
    .onConflictDoNothing();
  return { id };
}

function featureForm(name: string, email: string, company: string): FormData {
  const data = new FormData();
  const fields: Record<string, string | string[]> = {
    name: company,
    websiteUrl: `www.${company.toLowerCase().replace(/\W+/g, "")}.example`,
    tagline: "Turning field notes into decisions",
    description: `${company} helps crews write down what they saw. Founded by ${name}.`,
    industryIds: ["1"],
    geographyIds: ["1"],
    fundingStageId: "2",
    howItWorks: "Write it down\n\nShare it",
    team: `${name}, CEO`,
    contactName: name,
    contactEmail: email,
    companyEmail: email,
  };
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
}

export interface Planted {
  id: string;
  cookie: string;
  savedSearchName: string;
  apiKeySecret: string;
  apiKeyPrefix: string;
  /** Listings by role: followed, viewed (then merged), asked for an introduction, receiving one, reported. */
  listings: Record<"followed" | "survivor" | "merged" | "asked" | "rejected" | "contact" | "reportA" | "reportB", Listing>;
  /** The plan paid at the payment provider: its customer, subscription, invoices and checkout. */
  paid: PaidPlan;
  /** When the operator's complimentary grant ends. */
  complimentaryUntil: Date;
}

/**
 * The member `name` <`email`> doing everything, `other` a second member who asks them for an introduction. The e-mail
 * is used as typed (mixed case) wherever a form keeps what was typed.
 */
export async function plantMember(
  database: Database,
  { name, email, other, payments }: { name: string; email: string; other: { name: string; email: string }; payments: PlantPayments },
): Promise<Planted> {
  const ada = await operator(database);
  const all = await publicListings(database);
  const pick = (i: number) => all[i]!;
  const listings = {
    followed: pick(0),
    survivor: pick(1),
    merged: pick(2),
    asked: pick(3),
    rejected: pick(4),
    contact: pick(5),
    reportA: pick(6),
    reportB: pick(7),
  };
  const { id, cookie } = await signUp(database, name, email, `Browser of ${name}`);
  await grantAdmin(database, email);
  await demoBilling.choosePlan(database, id, { tier: "premium", name: "Premium", interval: "monthly", price: 99 });
  // An operator's gift from /admin/members, until a date, with a reason that names the member.
  const complimentaryUntil = new Date(Date.now() + 90 * 86_400_000);
  const now = new Date();
  await grantComplimentary(
    database,
    ada,
    id,
    { tier: "premium", endsAt: complimentaryUntil, reason: `Thank you, ${name}, for the pilot` },
    now,
  );
  const paid = await payForPlan(database, payments, { id, email: email.toLowerCase(), name });
  // An operator refunds the member's first payment, the plan running to the end of its period (billing_refunds).
  const [invoice] = await refundableInvoices(database, payments.gateway, id);
  if (!invoice) throw new Error("the planted member has no paid invoice to refund");
  await refundMemberPayment(
    database,
    payments.gateway,
    ada,
    id,
    { invoice: invoice.id, ending: "period_end", reason: `${name} asked for it` },
    now,
  );
  const member = await sessionUser(database, id);

  const savedSearchName = `${name}'s watch list`;
  await createSavedSearch(database, member, { name: savedSearchName, query: "type=startup", alertFrequency: "weekly" });
  await followListing(database, member, listings.followed.id);
  // Off, then on again: the choice is recorded (a member who never chose has no row).
  await setFollowEmails(database, id, false);
  await setFollowEmails(database, id, true);

  // Issue 36: the member keeps a listing (proved by their address) and, as an operator, froze another's editing.
  await grantOwnership(database.db, {
    listingId: listings.followed.id,
    listingName: listings.followed.name,
    userId: id,
    via: "domain_email",
    provedBy: email,
    actor: { id, source: "member" },
  });
  await database.db.insert(listingEditFreezes).values({ listingId: listings.reportA.id, reason: "Ownership disputed", frozenBy: id });
  // A claim with evidence that names them, an invitation they sent a colleague, and one they accepted at their address.
  const claimed = (await claimableBySlug(database, listings.asked.type, listings.asked.slug))!;
  await requestEvidenceClaim(database, {
    user: member0(id, name, email),
    listing: claimed,
    role: "Founder",
    evidence: `I am ${name}; the team page names me.`,
    evidenceUrl: "",
  });
  await database.db.insert(listingInvites).values([
    { listingId: listings.followed.id, email: "colleague@planted-company.example", invitedBy: id },
    { listingId: listings.contact.id, email, invitedBy: ada.id, status: "accepted", acceptedBy: id, acceptedAt: new Date() },
  ]);
  // Issue 36, decision 0117: the owner's monthly summary switch (off, then on), a summary e-mailed to them, and a view
  // they made counted in another listing's insights (its buckets only: listing_insight_counts holds no member).
  await setSummaryEmails(database, id, false);
  await setSummaryEmails(database, id, true);
  await deliverOwnerSummary(database, { id, name, email }, "2026-10-01");
  countProfileView(insightTallyFor(database), listings.asked.id, await insightVisitor(database, member), new Date("2026-10-14T12:00:00Z"));
  await insightTallyFor(database).flush();
  // Issue 36 (decision 0115): as the owner, a proposed change to the listing; as an operator, its rejection (the
  // decision is e-mailed to the member) and the rules for what owners publish at once.
  const owned = await ownedListing(database, id, listings.followed.id);
  if (!owned) throw new Error("the planted member keeps no listing");
  const editing = await ownerEditPage(database, owned);
  const form = new FormData();
  for (const [key, value] of ownerForm(editing.values, { tagline: "Reconciliation for every ledger" })) form.append(key, value);
  await submitOwnerEdit(database, { listing: owned, user: member, form });
  const [proposal] = await listProposals(database);
  await rejectProposal(database, { id: proposal!.id, admin: member, note: "Please keep the tagline factual." });
  await setAtOnceFields(database, { fields: ["faqs"], admin: member });

  // Views of both listings of a pair in one month: the merge cannot move the second and keeps it for an undo.
  await recordCompanyView(database, member, listings.survivor.id);
  await recordCompanyView(database, member, listings.merged.id);
  await mergeDuplicate(database, { survivorId: listings.survivor.id, mergedId: listings.merged.id, admin: { id } });

  // Requests sent: one approved and accepted (the recipient is e-mailed the member's name, then both are introduced),
  // one rejected with a reason that names them.
  const ask = (listing: Listing) =>
    createIntroRequest(database, {
      input: {
        recipientType: listing.type,
        recipientSlug: listing.slug,
        senderName: name,
        senderEmail: email,
        message: `Hello, I am ${name}.`,
      },
      user: member,
      clientAddress: "203.0.113.9",
    });
  const asked = await ask(listings.asked);
  await reviewIntroRequest(database, { requestId: asked.id, decision: "approve", reason: null, admin: ada });
  const [askMail] = await database.rows<{ text: string }>(
    sql`SELECT text FROM outbox_emails WHERE kind = 'intro_request' ORDER BY created_at DESC LIMIT 1`,
  );
  await respondToIntro(database, /\/introductions\/respond\/(\S+)/.exec(askMail!.text)![1]!);
  const rejected = await ask(listings.rejected);
  await reviewIntroRequest(database, { requestId: rejected.id, decision: "reject", reason: `${name}, please say more.`, admin: ada });

  // A request received: the member's address is a listing's contact (an operator's edit), another member asks them.
  await database.rows(sql`
    UPDATE listings SET primary_contact = ${name}, primary_contact_email = ${email} WHERE id = ${listings.contact.id}::uuid RETURNING id`);
  await database.rows(sql`
    INSERT INTO team_members (listing_id, position, name, title, email) VALUES (${listings.contact.id}::uuid, 99, 'Q. V.', 'Founder', ${email})
    RETURNING id`);
  const bea = await signUp(database, other.name, other.email);
  const received = await createIntroRequest(database, {
    input: {
      recipientType: listings.contact.type,
      recipientSlug: listings.contact.slug,
      senderName: other.name,
      senderEmail: other.email,
      message: `Hello from ${other.name}.`,
    },
    user: await sessionUser(database, bea.id),
    clientAddress: "198.51.100.7",
  });
  await reviewIntroRequest(database, { requestId: received.id, decision: "approve", reason: null, admin: { id } });
  // Issue 36, decision 0116: as the owner of the listing they keep, the other member's request to the listing they keep
  // reaches them in the inbox (and by e-mail, by name) and is accepted with a note; then they set its preferences.
  const toOwner = await createIntroRequest(database, {
    input: {
      recipientType: listings.followed.type,
      recipientSlug: listings.followed.slug,
      senderName: other.name,
      senderEmail: other.email,
      message: `Hello again from ${other.name}.`,
    },
    user: await sessionUser(database, bea.id),
    clientAddress: "198.51.100.7",
  });
  await reviewIntroRequest(database, { requestId: toOwner.id, decision: "approve", reason: null, admin: ada });
  await answerIntroRequest(database, {
    requestId: toOwner.id,
    answer: { kind: "accept", note: "Glad to talk next week." },
    by: { owner: { id, name, email }, listingId: listings.followed.id },
  });
  await saveIntroPreferences(database, {
    listing: listings.followed,
    prefs: { ...OPEN_PREFERENCES, tiers: ["subscriber", "premium"], monthlyCap: 30 },
    owner: { id },
  });
  // As an operator in /admin/members: a gift to the other member, and their account disabled and enabled again.
  await grantComplimentary(database, { id }, bea.id, { tier: "subscriber", endsAt: complimentaryUntil, reason: `Granted by ${name}` }, now);
  await disableMember(database, { id }, bea.id, `${name} saw spam`, now);
  await enableMember(database, { id }, bea.id, `${name} checked again`, now);

  const { secret: apiKeySecret, key } = await createApiKey(database, id, `${name} CRM sync`);
  const used = await authenticateApiKey(database, `Bearer ${apiKeySecret}`);
  if (!used.ok) throw new Error(`the planted key was refused: ${used.message}`);

  await reportDuplicate(database, {
    listingId: listings.reportA.id,
    duplicateOfId: listings.reportB.id,
    note: `${name} thinks these are one company`,
    user: { id },
  });
  await submitPilotApplication(
    database,
    {
      company: "Umbra Works",
      website: "https://umbra.example",
      stage: "Seed",
      goals: `Run by ${name}, who wants a pilot.`,
      contactName: name,
      contactEmail: email,
    },
    id,
  );
  const feature = parseFeatureApplication("startup", readFeatureForm(featureForm(name, email, "Field Notes Co")));
  if (!feature.ok) throw new Error(JSON.stringify(feature.errors));
  await submitFeatureApplication(database, { type: "startup", input: feature.data, logo: null, userId: id, clientAddress: "203.0.113.9" });

  // As an operator: the lead debugger's state, an industries backup.
  await new DebuggerSessionStore(database).open({ userId: id, sessionKey: "user", authSessionId: null });
  await createIndustryBackup(database.db, id);
  // A password-reset link's row, as Better Auth writes one (the identifier holds the token, the value the account).
  await database.db
    .insert(verifications)
    .values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: id, expiresAt: new Date(Date.now() + 3_600_000) });

  // Issue 37: teams, seats, lists and the team's follows and searches (plant-teams.ts).
  await plantTeamsAndLists(database, { id, name, email }, { id: bea.id, name: other.name, email: other.email }, listings, now);

  // The weekly digest of the member's saved search: recorded for them, and the job's cursor is their id.
  const week = periodContaining("weekly", new Date(Date.now() + 7 * 86_400_000));
  await scheduleDigest(database, "weekly", week);
  await new JobWorker(database, { [DIGEST_JOB]: digestJobHandler() }).tick();

  return { id, cookie, savedSearchName, apiKeySecret, apiKeyPrefix: key.prefix, listings, paid, complimentaryUntil };
}
