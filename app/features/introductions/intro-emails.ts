/**
 * The e-mails of the introduction workflow. Pure: they take what they say and return the message, so their
 * wording is tested without sending anything. The recipient's address appears only in the accepted
 * introduction, which both sides agreed to.
 */
import { paragraph, quote, SIGN_OFF } from "~/lib/email-body.ts";
import type { EmailMessage } from "~/lib/mailer.server.ts";
import { possessive } from "~/lib/wording.ts";

interface RequestFacts {
  requesterName: string;
  requesterEmail: string;
  recipientName: string;
  message: string;
}

export function recipientAskEmail(
  request: RequestFacts & { recipientEmail: string; contactName: string | null },
  links: { accept: string; decline: string },
  expiresOn: string,
): EmailMessage {
  return {
    kind: "intro_request",
    to: [request.recipientEmail],
    subject: `${request.requesterName} would like an introduction to ${request.recipientName}`,
    body: [
      paragraph(`Hello${request.contactName ? ` ${request.contactName}` : ""},`),
      paragraph(
        `${request.requesterName} found ${request.recipientName} on Introbase and asked us for a warm introduction. Our team has read the request and thinks it is worth your time. Their message:`,
      ),
      quote(request.message),
      paragraph("If you would like the introduction, accept and we will send one e-mail to both of you:", links.accept),
      paragraph(
        "If not, decline and we will let them know politely. Your e-mail address is never shared unless you accept:",
        links.decline,
      ),
      paragraph(`These links work once and until ${expiresOn}.`),
      SIGN_OFF,
    ],
  };
}

/**
 * The introduction, to both sides. A claimed listing's accepting owner is greeted by name beside the listing's, and
 * their note (decision 0116) is quoted.
 */
export function introductionEmail(
  request: RequestFacts & { recipientEmail: string; ownerName?: string | null; acceptNote?: string | null },
): EmailMessage {
  const them = request.ownerName ? `${request.ownerName} (${request.recipientName})` : request.recipientName;
  return {
    kind: "intro_accepted",
    to: [request.requesterEmail, request.recipientEmail],
    subject: `Introduction: ${request.requesterName} <> ${request.recipientName}`,
    body: [
      paragraph(`Hello ${request.requesterName} and ${them},`),
      paragraph(
        `Happy to introduce you two. ${request.recipientName} accepted ${possessive(request.requesterName)} request for an introduction. The original message:`,
      ),
      quote(request.message),
      ...(request.acceptNote ? [paragraph(`${request.ownerName ?? request.recipientName} added a note:`), quote(request.acceptNote)] : []),
      paragraph(`${request.requesterName}: ${request.requesterEmail}`, `${them}: ${request.recipientEmail}`),
      paragraph("Reply to all to take it from here. We will step out of the thread."),
      SIGN_OFF,
    ],
  };
}

/** The polite decline; a claimed listing's owner chose a reason from a fixed list (decision 0116), quoted as it stands. */
export function declinedEmail(request: RequestFacts, reason: string | null = null): EmailMessage {
  return {
    kind: "intro_declined",
    to: [request.requesterEmail],
    subject: `Your introduction request to ${request.recipientName}`,
    body: [
      paragraph(`Hello ${request.requesterName},`),
      paragraph(
        `Thank you for your request for an introduction to ${request.recipientName}. They are not able to take it up at the moment, so we will not be making this introduction.`,
      ),
      ...(reason ? [paragraph(`Their reason: ${reason}`)] : []),
      paragraph("This is often about timing rather than fit. The directory has many other teams you may want to meet."),
      SIGN_OFF,
    ],
  };
}

export function rejectedEmail(request: RequestFacts, reason: string | null): EmailMessage {
  return {
    kind: "intro_rejected",
    to: [request.requesterEmail],
    subject: `Your introduction request to ${request.recipientName}`,
    body: [
      paragraph(`Hello ${request.requesterName},`),
      paragraph(
        `Thank you for your request for an introduction to ${request.recipientName}. Our team reviewed it and will not forward it.`,
      ),
      ...(reason ? [paragraph(`The reason: ${reason}`)] : []),
      paragraph("You are welcome to send a new request with more context about what you have in mind."),
      SIGN_OFF,
    ],
  };
}

/** The one reminder to a recipient who has not answered (decision 0094): the same request and fresh links to the same deadline. */
export function reminderEmail(
  request: RequestFacts & { recipientEmail: string },
  links: { accept: string; decline: string },
  expiresOn: string,
): EmailMessage {
  return {
    kind: "intro_reminder",
    to: [request.recipientEmail],
    subject: `Reminder: ${request.requesterName} would like an introduction to ${request.recipientName}`,
    body: [
      paragraph("Hello,"),
      paragraph(
        `A few days ago we passed on ${possessive(request.requesterName)} request for an introduction to ${request.recipientName}, and we have not heard back. This is our only reminder. Their message:`,
      ),
      quote(request.message),
      paragraph("Accept, and we will send one e-mail to both of you:", links.accept),
      paragraph("Decline, and we will let them know politely. Your address is never shared unless you accept:", links.decline),
      paragraph(`Without an answer, the request expires on ${expiresOn} and we tell them it did not work out this time.`),
      SIGN_OFF,
    ],
  };
}

/** The polite note to the requester when the recipient never answered (decision 0094). Nothing of the recipient's is in it. */
export function expiredEmail(request: RequestFacts): EmailMessage {
  return {
    kind: "intro_expired",
    to: [request.requesterEmail],
    subject: `Your introduction request to ${request.recipientName}`,
    body: [
      paragraph(`Hello ${request.requesterName},`),
      paragraph(
        `Thank you for your request for an introduction to ${request.recipientName}. We passed it on, but ${request.recipientName} has not answered, so the request has now expired and we will not be making this introduction.`,
      ),
      paragraph(
        "Silence is usually about a busy inbox rather than about you. You are welcome to ask again later, or to meet one of the many other teams in the directory.",
      ),
      SIGN_OFF,
    ],
  };
}
