/** The e-mail that carries an address-verification link (DESIGN D15), as a pure function of its parts. */
import { paragraph, SIGN_OFF } from "./email-body.ts";
import type { EmailMessage } from "./mailer.server.ts";

export const VERIFY_EMAIL_KIND = "verify_email";
/** How long a verification link works. */
export const VERIFICATION_LINK_HOURS = 24;
const VERIFY_EMAIL_SUBJECT = "Confirm your e-mail address for Introbase";

export function verificationEmail({ name, email, url, hours }: { name: string; email: string; url: string; hours: number }): EmailMessage {
  return {
    kind: VERIFY_EMAIL_KIND,
    to: [email],
    subject: VERIFY_EMAIL_SUBJECT,
    body: [
      paragraph(`Hello ${name.trim() || "there"},`),
      paragraph(
        `Someone (we hope you) created an Introbase account with ${email}. To confirm that this address is yours, open this link and enter the password chosen at sign-up:`,
      ),
      paragraph(url),
      paragraph(
        `The link works for ${hours} hours. Until the address is confirmed, the account cannot sign in and its introduction requests wait.`,
      ),
      paragraph(
        "If you did not sign up, ignore this e-mail: without that password nobody can confirm your address, and nothing is sent in your name.",
      ),
      SIGN_OFF,
    ],
  };
}
