/**
 * The e-mails of a password account's life (issue 30 §1, decision 0076), as pure functions of their parts: a reset
 * link, the answer to a reset or sign-up for an address that has no account (or has one already), and the two sides
 * of a change of address. Each is said once, as blocks (email-body.ts); the mailer renders text and HTML from them.
 */
import { paragraph, SIGN_OFF } from "./email-body.ts";
import type { EmailMessage } from "./mailer.server.ts";

const RESET_PASSWORD_KIND = "reset_password";
const NO_ACCOUNT_KIND = "no_account";
const ACCOUNT_EXISTS_KIND = "account_exists";
const EMAIL_CHANGE_KIND = "email_change";
const EMAIL_CHANGE_NOTICE_KIND = "email_change_notice";
const EMAIL_IN_USE_KIND = "email_in_use";

/** How long a reset link works, in minutes. */
export const RESET_LINK_MINUTES = 60;

const hello = (name: string) => paragraph(`Hello ${name.trim() || "there"},`);

/** The links every account e-mail offers: where to sign in, and where to ask for a new password. */
export interface AccountLinks {
  signIn: string;
  forgotPassword: string;
}

export function resetPasswordEmail({
  name,
  email,
  url,
  minutes,
}: {
  name: string;
  email: string;
  url: string;
  minutes: number;
}): EmailMessage {
  return {
    kind: RESET_PASSWORD_KIND,
    to: [email],
    subject: "Reset your Introbase password",
    body: [
      hello(name),
      paragraph(`Someone (we hope you) asked to reset the password of the Introbase account of ${email}. To choose a new password, open:`),
      paragraph(url),
      paragraph(
        `The link works once, for ${minutes} minutes. Setting a new password signs you out everywhere else. If you did not ask, ignore this e-mail: your password stays as it is.`,
      ),
      SIGN_OFF,
    ],
  };
}

/** The answer to a reset asked for an address that no confirmed account uses: the asker may have used another one. */
export function noAccountEmail({ email, links, signUp }: { email: string; links: AccountLinks; signUp: string }): EmailMessage {
  return {
    kind: NO_ACCOUNT_KIND,
    to: [email],
    subject: "About your Introbase password reset",
    body: [
      hello(""),
      paragraph(
        `Someone (we hope you) asked to reset the Introbase password of ${email}, but no confirmed account uses this address, so there is no password to reset.`,
      ),
      paragraph("If you have an account under another address, ask again with that one:", links.forgotPassword),
      paragraph("If you signed in with Google or LinkedIn, sign in the same way:", links.signIn),
      paragraph("Or create an account:", signUp),
      paragraph("If you did not ask, ignore this e-mail."),
      SIGN_OFF,
    ],
  };
}

/** The answer to a sign-up with an address that already has an account: no second account, and the ways back in. */
export function accountExistsEmail({ name, email, links }: { name: string; email: string; links: AccountLinks }): EmailMessage {
  return {
    kind: ACCOUNT_EXISTS_KIND,
    to: [email],
    subject: "You already have an Introbase account",
    body: [
      hello(name),
      paragraph(
        `Someone (we hope you) tried to create an Introbase account with ${email}. This address already has an account, so no new one was made.`,
      ),
      paragraph("Sign in to it here:", links.signIn),
      paragraph("Forgot your password? Choose a new one here:", links.forgotPassword),
      paragraph("If you did not try to sign up, ignore this e-mail: nothing changed."),
      SIGN_OFF,
    ],
  };
}

/** To the new address: the link that moves the account to it. */
export function emailChangeEmail({
  name,
  from,
  to,
  url,
  hours,
}: {
  name: string;
  from: string;
  to: string;
  url: string;
  hours: number;
}): EmailMessage {
  return {
    kind: EMAIL_CHANGE_KIND,
    to: [to],
    subject: "Confirm your new e-mail address for Introbase",
    body: [
      hello(name),
      paragraph(`You asked to move your Introbase account from ${from} to ${to}. To confirm that this address is yours, open:`),
      paragraph(url),
      paragraph(`The link works for ${hours} hours. Until you open it, the account keeps ${from}. If you did not ask, ignore this e-mail.`),
      SIGN_OFF,
    ],
  };
}

/** To the old address, when the change is asked for: the owner hears of it while it can still be stopped. */
export function emailChangeNoticeEmail({
  name,
  from,
  to,
  links,
}: {
  name: string;
  from: string;
  to: string;
  links: AccountLinks;
}): EmailMessage {
  return {
    kind: EMAIL_CHANGE_NOTICE_KIND,
    to: [from],
    subject: "Your Introbase e-mail address is being changed",
    body: [
      hello(name),
      paragraph(
        `Someone signed in to your Introbase account asked to change its address from ${from} to ${to}. The change happens only once the link we sent to ${to} is opened.`,
      ),
      paragraph(
        "If this was not you, change your password now (that stops the change, and signs out every other session). Sign in, or reset your password here:",
        links.forgotPassword,
      ),
      SIGN_OFF,
    ],
  };
}

/** To an address another account already uses, when a member asks to move to it: no change, and nobody is told more. */
export function emailInUseEmail({ email, links }: { email: string; links: AccountLinks }): EmailMessage {
  return {
    kind: EMAIL_IN_USE_KIND,
    to: [email],
    subject: "About a change of address on Introbase",
    body: [
      hello(""),
      paragraph(
        `Someone asked to move their Introbase account to ${email}. Another Introbase account already uses this address, so nothing was changed.`,
      ),
      paragraph("If that account is yours, you can sign in to it here:", links.signIn),
      paragraph("If you did not ask, ignore this e-mail."),
      SIGN_OFF,
    ],
  };
}
