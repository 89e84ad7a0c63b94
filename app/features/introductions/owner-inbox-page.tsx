import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDate } from "~/lib/format-date.ts";
import { IntroPreferencesForm } from "./intro-preferences-form.tsx";
import { DECLINE_REASONS } from "./intro-preferences.ts";
import type { InboxPageData, InboxRequest } from "./owner-inbox.server.ts";

const STATUS: Record<string, { label: string; variant: "accent" | "outline" | "neutral" }> = {
  awaiting_recipient: { label: "Waiting for your answer", variant: "accent" },
  awaiting_requester: { label: "Waiting for their answer", variant: "outline" },
  accepted: { label: "Accepted", variant: "neutral" },
  declined: { label: "Declined", variant: "neutral" },
  expired: { label: "Expired, no answer", variant: "neutral" },
};

/**
 * The intro inbox of a claimed listing (issue 36, decision 0116): requests the operators forwarded, each answered here
 * with plain forms (they work without JavaScript), and the listing's preferences below.
 */
export function OwnerInboxPage({ data, result }: { data: InboxPageData; result?: FormResult<string> }) {
  const open = data.requests.filter((r) => r.status === "awaiting_recipient").length;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="inbox-heading" className="grid gap-4">
        <div>
          <h2 id="inbox-heading" className="text-lg font-semibold">
            Introduction requests
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Our team screens every request before it reaches you. Accept and we introduce you by e-mail; decline and we tell them politely
            with the reason you choose. {open === 1 ? "One request waits" : `${open} requests wait`} for your answer.
          </p>
        </div>
        {result && result.intent !== "preferences" && !result.target ? <Notice result={result} /> : null}
        {data.requests.length === 0 ? (
          <Card className="p-5 text-sm text-fg-muted">No introduction requests yet. They appear here once our team has screened them.</Card>
        ) : (
          <ul className="grid gap-4" aria-label="Requests">
            {data.requests.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} result={result?.target === request.id ? result : undefined} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <IntroPreferencesForm data={data} result={result?.intent === "preferences" ? result : undefined} />
    </div>
  );
}

function Notice({ result }: { result: FormResult<string> }) {
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={result.ok ? "rounded-md border border-accent/40 p-3 text-sm" : "rounded-md border border-danger p-3 text-sm text-danger"}
    >
      {result.message}
    </p>
  );
}

function RequestCard({ request, result }: { request: InboxRequest; result?: FormResult<string> }) {
  const status = STATUS[request.status] ?? { label: request.status, variant: "neutral" as const };
  const headingId = `request-${request.id}-heading`;
  return (
    <Card id={`request-${request.id}`} className="grid gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {request.requesterName}
          <span className="ml-2 text-sm font-normal text-fg-muted">{formatDate(request.createdAt)}</span>
        </h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <blockquote className="rounded-lg border-l-4 border-accent bg-surface-muted p-3 text-sm whitespace-pre-wrap">
        {request.message}
      </blockquote>
      {request.ownerQuestion ? (
        <dl className="grid gap-1 text-sm">
          <dt className="font-medium">Your team asked</dt>
          <dd className="text-fg-muted">{request.ownerQuestion}</dd>
          <dt className="font-medium">Their answer</dt>
          <dd className="text-fg-muted">{request.requesterAnswer ?? "Not answered yet."}</dd>
        </dl>
      ) : null}
      {request.status === "accepted" && request.acceptNote ? (
        <p className="text-sm text-fg-muted">Your note: {request.acceptNote}</p>
      ) : null}
      {request.status === "declined" && request.declineReason ? (
        <p className="text-sm text-fg-muted">Reason given: {request.declineReason}</p>
      ) : null}
      {result ? <Notice result={result} /> : null}
      {request.status === "awaiting_recipient" ? <AnswerForms request={request} result={result} /> : null}
    </Card>
  );
}

function AnswerForms({ request, result }: { request: InboxRequest; result?: FormResult<string> }) {
  const busy = useNavigation().state === "submitting";
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  const values = result && !result.ok ? (result.values ?? {}) : {};
  const hidden = <input type="hidden" name="requestId" value={request.id} />;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Form method="post" className="grid content-start gap-2" aria-label={`Accept ${request.requesterName}`}>
        {hidden}
        <input type="hidden" name="intent" value="accept" />
        <FormField label="Note for the introduction (optional)" error={result?.intent === "accept" ? errors.note : undefined}>
          {(p) => (
            <textarea {...p} name="note" rows={3} maxLength={1000} defaultValue={result?.intent === "accept" ? values.note : undefined} />
          )}
        </FormField>
        <Button type="submit" disabled={busy}>
          Accept introduction
        </Button>
      </Form>
      <div className="grid content-start gap-4">
        <Form method="post" className="grid gap-2" aria-label={`Decline ${request.requesterName}`}>
          {hidden}
          <input type="hidden" name="intent" value="decline" />
          <FormField label="Reason shown to them" error={result?.intent === "decline" ? errors.reason : undefined}>
            {(p) => (
              <select {...p} name="reason" required defaultValue="">
                <option value="" disabled>
                  Choose a reason
                </option>
                {Object.entries(DECLINE_REASONS).map(([code, text]) => (
                  <option key={code} value={code}>
                    {text}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" variant="secondary" disabled={busy}>
            Decline
          </Button>
        </Form>
        {request.ownerQuestion ? null : (
          <Form method="post" className="grid gap-2" aria-label={`Ask ${request.requesterName} for more`}>
            {hidden}
            <input type="hidden" name="intent" value="ask" />
            <FormField label="Ask them one question first" error={result?.intent === "ask" ? errors.question : undefined}>
              {(p) => (
                <textarea
                  {...p}
                  name="question"
                  rows={2}
                  maxLength={1000}
                  defaultValue={result?.intent === "ask" ? values.question : undefined}
                />
              )}
            </FormField>
            <Button type="submit" variant="secondary" disabled={busy}>
              Ask for more
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
