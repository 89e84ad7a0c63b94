/** The e-mail of a team invitation (issue 37, decision 0118), as a pure function of its parts. */
import { paragraph, SIGN_OFF } from "~/lib/email-body.ts";
import type { EmailMessage } from "~/lib/mailer.server.ts";
import { INVITATION_DAYS, ROLE_LABEL } from "./team-rules.ts";

const TEAM_INVITATION_KIND = "team_invitation";

export function teamInvitationEmail({
  to,
  inviterName,
  teamName,
  role,
  url,
}: {
  to: string;
  inviterName: string;
  teamName: string;
  role: "admin" | "member";
  url: string;
}): EmailMessage {
  return {
    kind: TEAM_INVITATION_KIND,
    to: [to],
    subject: `${inviterName} invites you to the team ${teamName} on Introbase`,
    body: [
      paragraph("Hello,"),
      paragraph(
        `${inviterName} invites you to join ${teamName} on Introbase as ${ROLE_LABEL[role].toLowerCase() === "admin" ? "an admin" : "a member"}: share lists of companies with the team and work on them together. To join, open this link and sign in with this address (${to}), or create an account with it:`,
      ),
      paragraph(url),
      paragraph(`The link works for ${INVITATION_DAYS} days and once, and only for an account with this address.`),
      paragraph("If you do not know the team, ignore this e-mail: nothing happens without you."),
      SIGN_OFF,
    ],
  };
}
