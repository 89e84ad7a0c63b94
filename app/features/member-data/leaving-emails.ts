/**
 * The two e-mails of leaving (decision 0077), as pure functions: the link that confirms a deletion for an account
 * without a password, and the confirmation that the account is gone, the last message ever sent to the address. Both
 * leave the member's name out: the second is sent after the name was erased.
 */
import { paragraph, SIGN_OFF } from "~/lib/email-body.ts";
import type { EmailMessage } from "~/lib/mailer.server.ts";

export const DELETION_LINK_KIND = "account_deletion_link";
const ACCOUNT_DELETED_KIND = "account_deleted";

export function deletionLinkEmail({ email, url, minutes }: { email: string; url: string; minutes: number }): EmailMessage {
  return {
    kind: DELETION_LINK_KIND,
    to: [email],
    subject: "Confirm that you want to delete your Introbase account",
    body: [
      paragraph("Hello,"),
      paragraph(
        `You asked to delete your Introbase account (${email}). To confirm, open this link while signed in to Introbase, read what will happen, and choose Delete my account:`,
      ),
      paragraph(url),
      paragraph(`The link works for ${minutes} minutes and only for this account. Opening it deletes nothing by itself.`),
      paragraph("If you did not ask for this, ignore this e-mail: your account stays as it is."),
      SIGN_OFF,
    ],
  };
}

export function accountDeletedEmail({ email }: { email: string }): EmailMessage {
  return {
    kind: ACCOUNT_DELETED_KIND,
    to: [email],
    subject: "Your Introbase account has been deleted",
    body: [
      paragraph("Hello,"),
      paragraph(
        "As you asked, we have deleted your Introbase account. Your profile, sign-in methods, API keys, saved searches, follows, usage, introduction requests and the e-mails we sent you are gone, and your name, address and account id have been removed from everything we keep.",
      ),
      paragraph(
        'Records we must keep for accounting (the plan changes) stay without anything that identifies you. The audit log says "a deleted member" where you were.',
      ),
      paragraph(
        "This is the last e-mail we send to this address about that account. You are welcome back at any time: signing up again makes a new, empty account.",
      ),
      SIGN_OFF,
    ],
  };
}
