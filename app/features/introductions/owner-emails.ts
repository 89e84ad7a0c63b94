/**
 * The e-mails of a claimed listing's inbox (decision 0116): a request to each owner (with their own answer links and
 * the inbox), the one reminder, the requester's answer coming back, and the owner's question going to the requester.
 * Pure, like intro-emails.ts. The requester's address is never in an owner's mail before an owner accepts.
 */
import { paragraph, quote, SIGN_OFF } from "~/lib/email-body.ts";
import type { EmailMessage } from "~/lib/mailer.server.ts";
import { possessive } from "~/lib/wording.ts";

interface OwnerMailFacts {
  requesterName: string;
  recipientName: string;
  message: string;
}

export interface OwnerLinks {
  accept: string;
  decline: string;
  /** The request in the listing's inbox, where the owner can also add a note, pick a reason or ask for more. */
  inbox: string;
}

const answerParagraphs = (links: OwnerLinks, expiresOn: string) => [
  paragraph("Accept, and we will send one e-mail to both of you:", links.accept),
  paragraph("Decline, and we will let them know politely. Your address is never shared unless you accept:", links.decline),
  paragraph("Or answer in your inbox on Introbase, where you can add a note, choose a reason or ask them a question first:", links.inbox),
  paragraph(`These links work once and until ${expiresOn}. Whoever of your team answers first answers for all of you.`),
];

export type OwnerMailKind = "ask" | "reminder" | "answered";

/** To one owner: a new request, the reminder of one, or the requester's answer to an owner's question. */
export function ownerRequestEmail(
  kind: OwnerMailKind,
  request: OwnerMailFacts & { ownerQuestion?: string | null; requesterAnswer?: string | null },
  owner: { name: string; email: string },
  links: OwnerLinks,
  expiresOn: string,
): EmailMessage {
  const intro = {
    ask: `${request.requesterName} found ${request.recipientName} on Introbase and asked for a warm introduction. Our team has read the request and thinks it is worth your time. Their message:`,
    reminder: `A few days ago we passed on ${possessive(request.requesterName)} request for an introduction to ${request.recipientName}, and nobody on your team has answered yet. This is our only reminder. Their message:`,
    answered: `${request.requesterName} answered your team's question about their request for an introduction to ${request.recipientName}. Their message:`,
  }[kind];
  const subject = {
    ask: `${request.requesterName} would like an introduction to ${request.recipientName}`,
    reminder: `Reminder: ${request.requesterName} would like an introduction to ${request.recipientName}`,
    answered: `${request.requesterName} answered your question`,
  }[kind];
  return {
    kind: kind === "reminder" ? "intro_reminder" : kind === "answered" ? "intro_answered" : "intro_request",
    to: [owner.email],
    subject,
    body: [
      paragraph(`Hello ${owner.name},`),
      paragraph(intro),
      quote(request.message),
      ...(kind === "answered" && request.ownerQuestion && request.requesterAnswer
        ? [paragraph("Your team asked:"), quote(request.ownerQuestion), paragraph("They answered:"), quote(request.requesterAnswer)]
        : []),
      ...answerParagraphs(links, expiresOn),
      SIGN_OFF,
    ],
  };
}

/** To the requester: an owner's question, answered from their settings page. */
export function ownerQuestionEmail(
  request: OwnerMailFacts & { requesterEmail: string; ownerQuestion: string },
  answerAt: string,
): EmailMessage {
  return {
    kind: "intro_question",
    to: [request.requesterEmail],
    subject: `${request.recipientName} has a question about your introduction request`,
    body: [
      paragraph(`Hello ${request.requesterName},`),
      paragraph(`${request.recipientName} read your request for an introduction and would like to know a little more before answering:`),
      quote(request.ownerQuestion),
      paragraph("Answer it on your settings page, under your introduction requests; we will pass your answer on:", answerAt),
      SIGN_OFF,
    ],
  };
}

/** To the requester who left an owner's question unanswered until the request's wait ran out: it has closed. */
export function unansweredQuestionEmail(request: OwnerMailFacts & { requesterEmail: string }): EmailMessage {
  return {
    kind: "intro_expired",
    to: [request.requesterEmail],
    subject: `Your introduction request to ${request.recipientName}`,
    body: [
      paragraph(`Hello ${request.requesterName},`),
      paragraph(
        `${request.recipientName} asked you a question about your request for an introduction, and we have not had your answer, so the request has now closed.`,
      ),
      paragraph("You are welcome to send a new request with the answer in your message."),
      SIGN_OFF,
    ],
  };
}
