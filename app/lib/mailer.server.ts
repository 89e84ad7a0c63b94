import { desc, sql } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import { z } from "zod";
import { outboxEmails } from "#db/schema/messages.ts";
import type { Database } from "./db.server.ts";
import { getEnv, publicUrl, type Env } from "./env.server.ts";
import { AppError } from "./errors.ts";
import { logger } from "./logger.server.ts";

export interface EmailMessage {
  /** What the message is about (intro_request, application_approved, ...). */
  kind: string;
  to: string[];
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, only those a list message needs (RFC 2369, RFC 8058): unsubscribe links and the list's id. */
  headers?: Partial<Record<ListHeader, string>>;
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

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    // Timeouts in the URL's query would be lost if the URL carried its own; set them on the parsed options.
    const options = { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    transport = { url, transporter: createTransport(options as Parameters<typeof createTransport>[0]) };
  }
  return transport.transporter;
}

function mailFrom(env: Env): string {
  return env.MAIL_FROM ?? `Introbase <no-reply@${new URL(publicUrl(env)).hostname}>`;
}

/**
 * Sends one e-mail and records it in the outbox, whatever happens: delivered over SMTP ("sent"), kept for
 * admins to read when no SMTP server is configured ("stored"), or refused by the server ("failed", with the
 * reason; logged). A refused message does not throw: the caller's work (a request, an approval) stands.
 */
export async function sendEmail(
  database: Database,
  message: EmailMessage,
  env: Env = getEnv(),
): Promise<{ id: string; status: "sent" | "stored" | "failed" }> {
  const parsed = Message.safeParse(message);
  if (!parsed.success) throw new AppError("internal", `Invalid e-mail message: ${parsed.error.issues[0]?.message ?? "unknown"}`);
  const { kind, to, subject, text, replyTo, headers } = parsed.data;
  let status: "sent" | "stored" | "failed" = "stored";
  let error: string | null = null;
  if (env.SMTP_URL) {
    try {
      await transporterFor(env.SMTP_URL).sendMail({ from: mailFrom(env), to, subject, text, replyTo, headers });
      status = "sent";
    } catch (cause) {
      status = "failed";
      error = cause instanceof Error ? cause.message.slice(0, 500) : "unknown error";
      logger.error({ err: cause, kind }, "e-mail could not be sent");
    }
  }
  const [row] = await database.db
    .insert(outboxEmails)
    .values({ kind, to, subject, text, replyTo: replyTo ?? null, status, error })
    .returning({ id: outboxEmails.id });
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
