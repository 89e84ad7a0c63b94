/**
 * /my-listings/:listingId/inbox (issue 36, decision 0116): the page's data and its forms. The route has already called
 * requireOwnedListing for the listing; every answer here is also bound to that listing, so an owner of one listing
 * cannot reach another's request by its id.
 */
import { asc, sql } from "drizzle-orm";
import { fundingStages, industries } from "#db/schema/reference.ts";
import { type introRequests } from "#db/schema/introductions.ts";
import { ACCESS_LEVELS } from "~/features/access/tiers.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { LISTING_TYPES, TYPE_LABEL } from "~/features/catalog/listing-types.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseForm, refused, type FormResult } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { ALREADY_ANSWERED, answerIntroRequest, listInbox, type RecipientAnswer } from "./intro-answers.server.ts";
import { AcceptSchema, AskSchema, declineReasonText, DeclineSchema, parsePreferences, type IntroPreferences } from "./intro-preferences.ts";
import { getIntroPreferences, requestsThisMonth, saveIntroPreferences } from "./intro-preferences.server.ts";

export interface InboxRequest {
  id: string;
  requesterName: string;
  message: string;
  status: (typeof introRequests.$inferSelect)["status"];
  createdAt: string;
  acceptNote: string | null;
  declineReason: string | null;
  ownerQuestion: string | null;
  requesterAnswer: string | null;
}

export interface InboxPageData {
  listing: { id: string; name: string };
  requests: InboxRequest[];
  preferences: IntroPreferences;
  /** Requests that hold a place under this month's cap. */
  usedThisMonth: number;
  choices: {
    plans: Array<{ value: string; label: string }>;
    types: Array<{ value: string; label: string }>;
    industries: Array<{ value: string; label: string }>;
    stages: Array<{ value: string; label: string }>;
  };
}

export async function inboxPageData(database: Database, listing: { id: string; name: string }, now = Date.now()): Promise<InboxPageData> {
  const [rows, preferences, usedThisMonth, catalogue, industryRows, stageRows] = await Promise.all([
    listInbox(database, listing.id),
    getIntroPreferences(database, listing.id),
    requestsThisMonth(database, listing.id, now),
    getPlanCatalogue(database),
    database.db.select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.name)),
    database.db
      .select({ id: fundingStages.id, name: fundingStages.name })
      .from(fundingStages)
      .orderBy(asc(fundingStages.sortOrder), asc(fundingStages.id)),
  ]);
  return {
    listing: { id: listing.id, name: listing.name },
    requests: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), declineReason: declineReasonText(r.declineReason) })),
    preferences,
    usedThisMonth,
    choices: {
      plans: ACCESS_LEVELS.map((tier) => ({ value: tier, label: catalogue[tier].name })),
      types: LISTING_TYPES.map((type) => ({ value: type, label: `${TYPE_LABEL[type]}s` })),
      industries: industryRows.map((r) => ({ value: String(r.id), label: r.name })),
      stages: stageRows.map((r) => ({ value: String(r.id), label: r.name })),
    },
  };
}

export type InboxResult = FormResult<string>;

const DONE: Record<RecipientAnswer["kind"], string> = {
  accept: "Accepted: we have sent one e-mail introducing you both.",
  decline: "Declined: we have let them know politely, with the reason you chose.",
  ask: "Your question is on its way; the request comes back here when they answer.",
};

/** An answer form's fields as the answer, or its refusal per field; null for an intent that is not an answer. */
function readAnswer(intent: string, fields: Record<string, string>) {
  if (intent === "accept") {
    const parsed = parseForm(AcceptSchema, fields);
    return parsed.ok
      ? { ok: true as const, requestId: parsed.data.requestId, answer: { kind: "accept" as const, note: parsed.data.note || null } }
      : parsed;
  }
  if (intent === "decline") {
    const parsed = parseForm(DeclineSchema, fields);
    return parsed.ok
      ? { ok: true as const, requestId: parsed.data.requestId, answer: { kind: "decline" as const, reason: parsed.data.reason } }
      : parsed;
  }
  if (intent === "ask") {
    const parsed = parseForm(AskSchema, fields);
    return parsed.ok
      ? { ok: true as const, requestId: parsed.data.requestId, answer: { kind: "ask" as const, question: parsed.data.question } }
      : parsed;
  }
  return null;
}

/** One inbox form: an answer to a request of this listing, or the listing's preferences. */
export async function inboxAction(
  database: Database,
  { listing, user, form, now = Date.now() }: { listing: { id: string; name: string }; user: SessionUser; form: FormData; now?: number },
) {
  const intent = form.get("intent");
  if (intent === "preferences") {
    const parsed = parsePreferences(form);
    if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
    try {
      await saveIntroPreferences(database, { listing, prefs: parsed.data, owner: user, now });
    } catch (error) {
      return formRefusedBy(error, { intent });
    }
    return formDone({ intent, message: "Saved: requesters are told up front what you take." });
  }
  const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const read = readAnswer(String(intent), fields);
  if (!read) return formRefused("bad_request", { message: "Unknown inbox action." });
  if (!read.ok) return formRefused("bad_request", { ...refused(read), intent: String(intent), target: fields.requestId?.slice(0, 36) });
  const { requestId: target, answer } = read;
  try {
    const row = await answerIntroRequest(database, {
      requestId: target,
      answer,
      by: { owner: { id: user.id, name: user.name, email: user.email }, listingId: listing.id },
      now,
    });
    if (row) return formDone({ intent: String(intent), target, message: DONE[answer.kind] });
  } catch (error) {
    return formRefusedBy(error, { intent: String(intent), target });
  }
  // Nothing moved: the request is not this listing's inbox's (404, as for any listing not yours), or was answered.
  const [known] = await database.rows<{ id: string }>(
    sql`SELECT id::text AS id FROM intro_requests WHERE id = ${target}::uuid AND listing_id = ${listing.id}::uuid AND delivered_to_owners`,
  );
  if (!known) return formRefused("not_found", { intent: String(intent), target, message: "No such request in this inbox." });
  return formRefused("conflict", { intent: String(intent), target, message: ALREADY_ANSWERED });
}
