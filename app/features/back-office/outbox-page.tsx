import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import type { OutboxPage as OutboxData } from "~/lib/mailer.server.ts";
import { formatDateTime } from "~/lib/format-date.ts";

/** A message as the page gets it: `html` only for the one whose HTML part was asked for, `hasHtml` for every one. */
export type OutboxEmail = Omit<OutboxData["emails"][number], "createdAt"> & { createdAt: string; hasHtml: boolean };

const STATUS_VARIANT = { sent: "accent", stored: "neutral", failed: "outline" } as const;

/** Every e-mail the product sent or kept: with no SMTP server configured, this is where they are read. */
export function OutboxPage({
  emails,
  page,
  totalPages,
  total,
  smtpConfigured,
}: {
  emails: OutboxEmail[];
  page: number;
  totalPages: number;
  total: number;
  smtpConfigured: boolean;
}) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Outbox</h1>
      <p className="mt-2 text-sm text-fg-muted">
        {total} e-mails.{" "}
        {smtpConfigured
          ? "Messages are delivered over SMTP and recorded here."
          : "No SMTP server is configured (SMTP_URL): messages are kept here instead of being delivered."}
      </p>
      {emails.length === 0 ? <p className="mt-8 text-fg-muted">No e-mails yet.</p> : null}
      <ul className="mt-6 grid gap-3">
        {emails.map((email) => (
          <li key={email.id} id={`email-${email.id}`}>
            <details className="rounded-lg border border-border p-4" open={email.html ? true : undefined}>
              <summary className="cursor-pointer list-none">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium break-words">{email.subject}</span>
                  <Badge variant={STATUS_VARIANT[email.status]}>{email.status}</Badge>
                </div>
                <p className="mt-1 text-xs break-all text-fg-muted">
                  {/* No recipients kept: the confirmation sent to a deleted account's address (decision 0077). */}
                  {email.kind} · to {email.to.length ? email.to.join(", ") : "a deleted member (address not kept)"} ·{" "}
                  <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                </p>
              </summary>
              {email.error ? <p className="mt-3 text-sm text-danger">Not delivered: {email.error}</p> : null}
              {email.replyTo ? <p className="mt-3 text-xs text-fg-muted">Reply-To: {email.replyTo}</p> : null}
              <pre className="mt-3 overflow-x-auto text-sm break-words whitespace-pre-wrap">
                <Linked text={email.text} />
              </pre>
              {email.html ? (
                // The HTML part as a mail client shows it; sandboxed: no script, no form, no navigation out of it.
                <iframe
                  title={`HTML part of "${email.subject}"`}
                  sandbox=""
                  srcDoc={email.html}
                  className="mt-3 h-[32rem] w-full rounded-md border border-border bg-white"
                />
              ) : email.hasHtml ? (
                <Link to={`?page=${page}&html=${email.id}#email-${email.id}`} className="mt-3 inline-block text-sm text-accent underline">
                  Show the HTML part
                </Link>
              ) : null}
            </details>
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav aria-label="Outbox pages" className="mt-6 flex justify-between text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Newer</Link> : <span />}
          {page < totalPages ? <Link to={`?page=${page + 1}`}>Older</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

/** The message with its links clickable, as a mail client shows them (the accept and decline links, profiles). */
function Linked({ text }: { text: string }) {
  return text.split(/(https?:\/\/[^\s<>]+)/g).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="break-all text-accent underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
