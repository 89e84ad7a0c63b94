/**
 * Mail to a claimed listing's owners (decision 0116): each owner gets the request with answer links of their own and a
 * link to the listing's inbox. One owner's address the mailer refuses does not keep the others from theirs.
 */
import { type introRequests } from "#db/schema/introductions.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { answerLinks, askedAt } from "./answer-links.server.ts";
import type { ListingOwner } from "./intro-preferences.server.ts";
import { ownerRequestEmail, type OwnerMailKind } from "./owner-emails.ts";

type IntroRow = typeof introRequests.$inferSelect;

/** Where an owner answers in the app: the listing's inbox, at the request. */
function inboxUrl(listingId: string, requestId: string, env: Env = getEnv()): string {
  return `${publicUrl(env)}/my-listings/${listingId}/inbox#request-${requestId}`;
}

export async function mailOwners(
  database: Database,
  kind: OwnerMailKind,
  request: IntroRow,
  owners: ListingOwner[],
  env: Env = getEnv(),
): Promise<void> {
  for (const owner of owners) {
    try {
      const { expiresOn, ...links } = await answerLinks(database, request.id, askedAt(request), env, owner.id);
      const inbox = inboxUrl(request.listingId, request.id, env);
      await sendEmail(database, ownerRequestEmail(kind, request, owner, { ...links, inbox }, expiresOn), env);
    } catch (error) {
      logger.error({ err: error, request: request.id, kind }, "an owner's introduction e-mail could not be composed");
    }
  }
}
