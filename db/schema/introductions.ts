/**
 * Warm introductions (issue 4): a visitor asks, an operator screens, the recipient (the listing's primary
 * contact) accepts or declines, and only an accepted request becomes an introduction e-mail to both sides.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { timestamps } from "./columns.ts";
import { listings } from "./listings.ts";

export const INTRO_STATUSES = [
  /** Sent by a signed-out visitor: waits for the sign-up step, never shown to operators until then. */
  "awaiting_sign_up",
  /** Its requester signed up with a password and has not opened the verification link yet (DESIGN D15). */
  "awaiting_verification",
  "pending_review",
  "rejected",
  /** Approved by an operator; the recipient has been e-mailed accept and decline links. */
  "awaiting_recipient",
  /** A claimed listing's owner asked the requester a question (decision 0116); their answer sends it back to the owners. */
  "awaiting_requester",
  "accepted",
  "declined",
  /** The recipient did not answer within INTRO_EXPIRE_AFTER_DAYS of being asked; the requester was told (decision 0094). */
  "expired",
] as const;
export type IntroStatus = (typeof INTRO_STATUSES)[number];

export const introRequests = pgTable(
  "intro_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** The recipient's name and type as the requester saw them (the listing may be renamed later). */
    recipientName: text("recipient_name").notNull(),
    recipientType: text("recipient_type"),
    /** Null only while the request waits for its sign-up step. */
    requesterId: text("requester_id").references(() => users.id, { onDelete: "cascade" }),
    requesterName: text("requester_name").notNull(),
    requesterEmail: text("requester_email").notNull(),
    /** From the sign-up step (spec 01 §3 "Sign-up data"): how the team can reach a new member about this request. */
    requesterPhone: text("requester_phone"),
    message: text("message").notNull(),
    status: text("status", { enum: INTRO_STATUSES }).notNull(),
    /** The operator's reason when rejecting; shown to the requester. */
    decisionNote: text("decision_note"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Where the accept and decline links were sent, kept so the introduction goes to the same address. */
    recipientEmail: text("recipient_email"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** When the one reminder to a recipient who had not answered was handed to the mailer (decision 0094). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** When the request expired unanswered and the requester's note was handed to the mailer. */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** When the introduction e-mail of an accepted request went out (or was kept in the outbox): the funnel's last step. */
    introducedAt: timestamp("introduced_at", { withTimezone: true }),
    clientAddress: text("client_address"),
    /**
     * Approved for a claimed listing (decision 0116): it went to the listing's owners (their inbox and their e-mail), not
     * to the contact address; `recipient_email` is then the address of the owner who accepted, once one has.
     */
    deliveredToOwners: boolean("delivered_to_owners").notNull().default(false),
    /** The owner who answered (accepted, declined or asked a question) in the inbox or through their own link. */
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    /** The accepting owner's note, quoted in the introduction e-mail. */
    acceptNote: text("accept_note"),
    /** The code of the reason a declining owner chose from the fixed list (DECLINE_REASONS); its polite text is shown. */
    declineReason: text("decline_reason"),
    /** An owner's one question to the requester, and the requester's answer. */
    ownerQuestion: text("owner_question"),
    questionAskedAt: timestamp("question_asked_at", { withTimezone: true }),
    requesterAnswer: text("requester_answer"),
    /** When the answer sent the request back to the owners: reminders and expiry count from here then. */
    requesterAnsweredAt: timestamp("requester_answered_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check("intro_requests_status_check", sql`${t.status} IN (${sql.raw(INTRO_STATUSES.map((s) => `'${s}'`).join(", "))})`),
    index("intro_requests_status_idx").on(t.status, t.createdAt.desc()),
    index("intro_requests_requester_idx").on(t.requesterId, t.createdAt.desc()),
    // The owners' inbox and the monthly cap's count read one listing's requests, newest first.
    index("intro_requests_listing_idx").on(t.listingId, t.createdAt.desc()),
  ],
);
