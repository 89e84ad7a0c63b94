/** The e-mail an owner gets when an operator decides their proposed change (decision 0115). Pure, like the others. */
import { paragraph, quote, SIGN_OFF } from "~/lib/email-body.ts";
import type { EmailMessage } from "~/lib/mailer.server.ts";

export function changeDecidedEmail(d: {
  to: string;
  ownerName: string;
  listingName: string;
  decision: "approved" | "rejected";
  fields: string[];
  note: string | null;
  editUrl: string;
}): EmailMessage {
  const approved = d.decision === "approved";
  return {
    kind: "owner_change_decided",
    to: [d.to],
    subject: approved ? `Your changes to ${d.listingName} are live` : `Your changes to ${d.listingName} were not published`,
    body: [
      paragraph(`Hello ${d.ownerName},`),
      paragraph(
        approved
          ? `We reviewed the changes you proposed to ${d.listingName} (${d.fields.join(", ")}) and published them on its profile.`
          : `We reviewed the changes you proposed to ${d.listingName} (${d.fields.join(", ")}) and did not publish them.`,
      ),
      ...(d.note ? [paragraph("Our note:"), quote(d.note)] : []),
      paragraph("You can see your listing's changes and send new ones here:", d.editUrl),
      SIGN_OFF,
    ],
  };
}
