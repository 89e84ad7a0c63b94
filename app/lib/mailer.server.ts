import { desc, sql } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import { z } from "zod";
import { outboxEmails } from "#db/schema/messages.ts";
import type { Database } from "./db.server.ts";
import { emailText, type EmailBody } from "./email-body.ts";
import { emailHtml } from "./email-html.server.tsx";
import { getEnv, publicUrl, type Env } from "./env.server.ts";
import { AppError } from "./errors.ts";
import { logger } from "./logger.server.ts";
import { countEmail } from "./metrics.server.ts";

export interface EmailMessage {
  /** What the message is about (intro_request, application_approved, ...). */
  kind: string;
  to: string[];
  subject: string;
  /** What it says, written once (email-body.ts): the text/plain and text/html parts are both rendered from it. */
  body: EmailBody;
  replyTo?: string;
  /** Extra headers, only those a list message needs (RFC 2369, RFC 8058): unsubscribe links and the list's id. */
  headers?: Partial<Record<ListHeader, string>>;
  /**
   * False: the outbox keeps the message without its recipients (and reply-to). For the confirmation sent to the
   * address of a deleted account (decision 0077): the message goes out, and nothing kept names the address.
   */
  recordRecipient?: boolean;
}

/** A message whose parts were rendered when it was composed and kept until it is sent (a recorded digest). */
export interface RenderedEmailMessage extends Omit<EmailMessage, "body"> {
  text: string;
  /** Null for a message recorded before e-mails had an HTML part: it goes out as text only. */
  html: string | null;
}

/** The two parts of a message, from its one definition. */
export function renderEmail(subject: string, body: EmailBody): { text: string; html: string } {
  return { text: emailText(body), html: emailHtml(subject, body) };
}

const LIST_HEADERS = ["List-Unsubscribe", "List-Unsubscribe-Post", "List-Id"] as const;
type ListHeader = (typeof LIST_HEADERS)[number];

const Message = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  to: z.array(z.email()).min(1).max(10),
  // A line break in a subject would start a new header: refused rather than sent.
  subject: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\r\n]*$/),
  text: z.string().min(1).max(20_000),
  html: z.string().min(1).max(400_000).nullable(),
  replyTo: z.email().optional(),
  // A header value with a line break would start another header: refused like a subject's.
  headers: z
    .partialRecord(
      z.enum(LIST_HEADERS),
      z
        .string()
        .min(1)
        .max(1000)
        .regex(/^[^\r\n]*$/),
    )
    .optional(),
});

/**
 * The header fields a DKIM signature covers: who, what and when, the MIME structure, and the list headers. RFC 8058 §4
 * requires List-Unsubscribe and List-Unsubscribe-Post to be signed, and nodemailer's default list lacks the second.
 */
const SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "To",
  "Cc",
  "Subject",
  "Date",
  "Message-ID",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  ...LIST_HEADERS,
].join(":");

/** nodemailer's message-level DKIM options when the settings ask for signing (checked at start, env.server.ts). */
function dkimOf(env: Env) {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY) return undefined;
  return {
    domainName: env.DKIM_DOMAIN,
    keySelector: env.DKIM_SELECTOR,
    privateKey: env.DKIM_PRIVATE_KEY,
    headerFieldNames: SIGNED_HEADERS,
  };
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    // Timeouts in the URL's query would be lost if the URL carried its own; set them on the parsed options.
    const options = { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    transport = { url, transporter: createTransport(options as Parameters<typeof createTransport>[0]) };
  }
  return transport.transporter;
}

/** Connects to the SMTP server, says EHLO and logs in if the URL has credentials, sending nothing (/admin/system's test). */
export async function verifySmtp(url: string): Promise<void> {
  await transporterFor(url).verify();
}

function mailFrom(env: Env): string {
  return env.MAIL_FROM ?? `Introbase <no-reply@${new URL(publicUrl(env)).hostname}>`;
}

/**
 * Sends one e-mail and records it in the outbox, whatever happens: delivered over SMTP ("sent"), kept for
 * admins to read when no SMTP server is configured ("stored"), or refused by the server ("failed", with the
 * reason; logged). A refused message does not throw: the caller's work (a request, an approval) stands. Signed
 * with DKIM when the settings name a key.
 */
export async function sendEmail(
  database: Database,
  message: EmailMessage | RenderedEmailMessage,
  env: Env = getEnv(),
): Promise<{ id: string; status: "sent" | "stored" | "failed" }> {
  const parts = "body" in message ? renderEmail(message.subject, message.body) : { text: message.text, html: message.html };
  const parsed = Message.safeParse({ ...message, ...parts });
  if (!parsed.success) throw new AppError("internal", `Invalid e-mail message: ${parsed.error.issues[0]?.message ?? "unknown"}`);
  const { kind, to, subject, text, html, replyTo, headers } = parsed.data;
  let status: "sent" | "stored" | "failed" = "stored";
  let error: string | null = null;
  if (env.SMTP_URL) {
    try {
      await transporterFor(env.SMTP_URL).sendMail({
        from: mailFrom(env),
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        replyTo,
        headers,
        dkim: dkimOf(env),
      });
      status = "sent";
    } catch (cause) {
      status = "failed";
      error = cause instanceof Error ? cause.message.slice(0, 500) : "unknown error";
      logger.error({ err: cause, kind }, "e-mail could not be sent");
    }
  }
  const forget = "recordRecipient" in message && message.recordRecipient === false;
  const kept = forget
    ? { to: [], replyTo: null, error: error && to.reduce((text, address) => text.split(address).join("[recipient]"), error) }
    : { to, replyTo: replyTo ?? null, error };
  const [row] = await database.db
    .insert(outboxEmails)
    .values({ kind, ...kept, subject, text, html, status })
    .returning({ id: outboxEmails.id });
  countEmail(status);
  return { id: row!.id, status };
}

export interface OutboxPage {
  emails: Array<typeof outboxEmails.$inferSelect>;
  total: number;
}

/** The outbox, newest first. */
export async function listOutbox({ db }: Database, { limit = 50, offset = 0 } = {}): Promise<OutboxPage> {
  const [emails, [count]] = await Promise.all([
    db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails),
  ]);
  return { emails, total: count?.n ?? 0 };
}
