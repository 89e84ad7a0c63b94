import { CircleCheck, CircleX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { DECLINE_REASONS } from "./intro-preferences.ts";
import type { FormResult } from "~/lib/form-parse.ts";

const OUTCOME = {
  accepted: { title: "Introduction made", text: "We have sent one e-mail to both of you. Reply to all to take it from there.", ok: true },
  declined: { title: "Request declined", text: "We will let them know politely. Your e-mail address has not been shared.", ok: true },
  answered: { title: "Already answered", text: "This introduction request has already been answered. Each link works once.", ok: false },
  expired: {
    title: "Request expired",
    text: "This introduction request has expired and can no longer be answered. If you would still like the introduction, reply to our e-mail.",
    ok: false,
  },
  invalid: { title: "Link not valid", text: "This link is not valid. Please use the link from our e-mail as it was sent.", ok: false },
} as const;

type Outcome = keyof typeof OUTCOME;

export type RespondPageData =
  | { state: "open"; response: "accept" | "decline"; requesterName: string; recipientName: string; message: string; fromOwner?: boolean }
  | { state: Exclude<Outcome, "accepted" | "declined"> };

/** The recipient's page: the request and one button; after the post, what happened (`target` of the result). */
export function RespondPage({ page: loaderData, result }: { page: RespondPageData; result?: FormResult }) {
  const busy = useNavigation().state !== "idle";
  const target = result?.target === "open" ? undefined : (result?.target as Outcome | undefined);
  const state = target ?? loaderData.state;
  if (state !== "open" || loaderData.state !== "open") {
    const outcome = OUTCOME[state === "open" ? "answered" : state];
    const Icon = outcome.ok ? CircleCheck : CircleX;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <Icon aria-hidden="true" className={outcome.ok ? "mx-auto size-10 text-accent" : "mx-auto size-10 text-danger"} />
        <h1 className="mt-4 text-2xl font-semibold">{outcome.title}</h1>
        <p className="mt-2 text-fg-muted">{outcome.text}</p>
        <Link to="/" className={buttonClass({ variant: "secondary", className: "mt-8" })}>
          Go to Introbase
        </Link>
      </div>
    );
  }
  const accept = loaderData.response === "accept";
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold">
        {loaderData.requesterName} would like an introduction to {loaderData.recipientName}
      </h1>
      <blockquote className="mt-6 rounded-lg border-l-4 border-accent bg-surface-muted p-4 text-sm whitespace-pre-wrap">
        {loaderData.message}
      </blockquote>
      <p className="mt-6 text-sm text-fg-muted">
        {accept
          ? "Accepting sends one e-mail to both of you with each other's address."
          : "Declining tells them politely that you cannot take it up. Your address is never shared."}
      </p>
      <Form method="post" className="mt-6 grid gap-4">
        {loaderData.fromOwner ? <OwnerAnswerField accept={accept} error={result?.errors} /> : null}
        <Button type="submit" variant={accept ? "primary" : "secondary"} disabled={busy} className="justify-self-start">
          {accept ? "Accept introduction" : "Decline introduction"}
        </Button>
      </Form>
    </div>
  );
}

/** A claimed listing's owner may add the note the introduction quotes, or pick the reason the requester reads. */
function OwnerAnswerField({ accept, error }: { accept: boolean; error?: Record<string, string | undefined> }) {
  if (accept)
    return (
      <FormField label="Note for the introduction (optional)" error={error?.note}>
        {(p) => <textarea {...p} name="note" rows={3} maxLength={1000} />}
      </FormField>
    );
  return (
    <FormField label="Reason shown to them (optional)" error={error?.reason}>
      {(p) => (
        <select {...p} name="reason" defaultValue="">
          <option value="">No reason</option>
          {Object.entries(DECLINE_REASONS).map(([code, text]) => (
            <option key={code} value={code}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
