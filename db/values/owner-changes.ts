/**
 * Owners' proposed changes to their listings (issue 36, decision 0115), without Drizzle: the schema types its columns
 * with them and the owner-edits feature reads them.
 */

/** Where a proposal came from: an owner's form, or an import or merge that met a value the company submitted. */
export const CHANGE_ORIGINS = ["owner", "import", "merge"] as const;
export type ChangeOrigin = (typeof CHANGE_ORIGINS)[number];

/**
 * pending: waits for an operator; approved: applied by an operator; rejected: an operator said no (with a note);
 * published: applied at once by a field rule, never reviewed; superseded: the owner sent a newer proposal first.
 */
export const CHANGE_STATUSES = ["pending", "approved", "rejected", "published", "superseded"] as const;
export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

/** One field of a proposal: the editor's field name, its value when proposed, and the value proposed (JSON). */
export interface ProposedFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Fields an operator may let owners publish at once: what a company says about itself that carries no contact or
 * money fact, so a mistake or a hijacked account costs a wrong sentence, not a wrong address or amount.
 */
export const AT_ONCE_FIELDS = ["tagline", "description", "websiteUrl", "linkedinUrl", "twitterUrl", "facebookUrl", "team", "faqs"] as const;
export type AtOnceField = (typeof AT_ONCE_FIELDS)[number];
