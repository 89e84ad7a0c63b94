/**
 * The e-mails an applicant gets: the acknowledgement, the approval with the new profile's link, the rejection with
 * the operator's reason. Pure, like the introduction e-mails: what they say is tested without sending anything.
 */
import { paragraph, SIGN_OFF } from "~/lib/email-body.ts";
import type { EmailMessage } from "~/lib/mailer.server.ts";
import { possessive } from "~/lib/wording.ts";

interface Applicant {
  name: string;
  contactName: string;
  contactEmail: string;
}

export function applicationReceivedEmail(application: Applicant): EmailMessage {
  return {
    kind: "application_received",
    to: [application.contactEmail],
    subject: `We received ${possessive(application.name)} application`,
    body: [
      paragraph(`Hello ${application.contactName},`),
      paragraph(
        `Thank you for applying to feature ${application.name} on Introbase. Our team reviews every application and will e-mail you at this address when we have decided.`,
      ),
      SIGN_OFF,
    ],
  };
}

export function applicationApprovedEmail(application: Applicant, listing: { featured: boolean; profileUrl: string }): EmailMessage {
  return {
    kind: "application_approved",
    to: [application.contactEmail],
    subject: `${application.name} is now listed on Introbase`,
    body: [
      paragraph(`Hello ${application.contactName},`),
      paragraph(
        `Good news: ${application.name} is now ${listing.featured ? "featured" : "listed"} in the Introbase directory:`,
        listing.profileUrl,
      ),
      paragraph("Introduction requests to you come through us first, and nobody is introduced without your consent."),
      SIGN_OFF,
    ],
  };
}

export function applicationRejectedEmail(application: Applicant, reason: string): EmailMessage {
  return {
    kind: "application_rejected",
    to: [application.contactEmail],
    subject: `Your application to feature ${application.name}`,
    body: [
      paragraph(`Hello ${application.contactName},`),
      paragraph(`Thank you for applying to feature ${application.name} on Introbase. We are not able to list it at the moment.`),
      paragraph(`The reason: ${reason}`),
      paragraph("You are welcome to apply again when that has changed."),
      SIGN_OFF,
    ],
  };
}
