/** The e-mails of claiming (issue 36, decision 0114), as pure functions of their parts. */
import { paragraph, SIGN_OFF } from "~/lib/email-body.ts";
import type { EmailMessage } from "~/lib/mailer.server.ts";
import { CLAIM_LINK_HOURS, INVITE_LINK_DAYS } from "./claim-links.ts";

const CLAIM_LINK_KIND = "listing_claim_link";
const INVITE_KIND = "listing_invite";
const CLAIM_DECISION_KIND = "listing_claim_decision";

export function claimLinkEmail({
  to,
  memberName,
  listingName,
  url,
}: {
  to: string;
  memberName: string;
  listingName: string;
  url: string;
}): EmailMessage {
  return {
    kind: CLAIM_LINK_KIND,
    to: [to],
    subject: `Confirm that you keep ${listingName} on Introbase`,
    body: [
      paragraph("Hello,"),
      paragraph(
        `${memberName} asked on Introbase to keep the listing of ${listingName}, and gave this address to prove they work there. To confirm, open this link while signed in to their Introbase account:`,
      ),
      paragraph(url),
      paragraph(`The link works for ${CLAIM_LINK_HOURS} hours and once.`),
      paragraph("If you did not ask for this, ignore this e-mail: without the link nobody can claim the listing with your address."),
      SIGN_OFF,
    ],
  };
}

export function inviteEmail({
  to,
  inviterName,
  listingName,
  url,
}: {
  to: string;
  inviterName: string;
  listingName: string;
  url: string;
}): EmailMessage {
  return {
    kind: INVITE_KIND,
    to: [to],
    subject: `${inviterName} invites you to keep ${listingName} on Introbase`,
    body: [
      paragraph("Hello,"),
      paragraph(
        `${inviterName} keeps the listing of ${listingName} on Introbase and invites you to keep it with them: edit its profile, answer introduction requests and see who looks. To accept, open this link and sign in (or create an account):`,
      ),
      paragraph(url),
      paragraph(
        `The link works for ${INVITE_LINK_DAYS} days and once. Whoever opens it with this address becomes an owner, so do not pass it on.`,
      ),
      paragraph("If you do not know them, ignore this e-mail."),
      SIGN_OFF,
    ],
  };
}

export function claimDecisionEmail({
  to,
  memberName,
  listingName,
  approved,
  note,
  url,
}: {
  to: string;
  memberName: string;
  listingName: string;
  approved: boolean;
  note: string | null;
  url: string;
}): EmailMessage {
  return {
    kind: CLAIM_DECISION_KIND,
    to: [to],
    subject: approved ? `You now keep ${listingName} on Introbase` : `Your claim of ${listingName} on Introbase`,
    body: [
      paragraph(`Hello ${memberName.trim() || "there"},`),
      paragraph(
        approved
          ? `Our team checked your claim and you now keep the listing of ${listingName}. Open it here:`
          : `Our team looked at your claim of ${listingName} and could not confirm it this time.`,
      ),
      ...(approved ? [paragraph(url)] : []),
      ...(note ? [paragraph(`Their note: ${note}`)] : []),
      ...(approved ? [] : [paragraph(`You can claim it again with more evidence, or with an address at the company's domain: ${url}`)]),
      SIGN_OFF,
    ],
  };
}
