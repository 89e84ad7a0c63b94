import { Form, Link, useActionData, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDate } from "~/lib/format-date.ts";
import type { listMyIntroRequests } from "./intro-requests.server.ts";
import { INTRO_STATUS_LABEL } from "./intro-status.ts";

export type MyIntroRequest = Omit<Awaited<ReturnType<typeof listMyIntroRequests>>[number], "createdAt"> & { createdAt: string };

/** The settings form that answers a listing owner's question (decision 0116). */
export const ANSWER_INTRO_QUESTION = "answer-intro-question";

/**
 * The member's introduction requests on /settings, each with the day it was made and its status; an operator's reason
 * for not forwarding it, a claimed listing's polite reason for declining, and an owner's question with the form that
 * answers it (a plain form: it works without JavaScript).
 */
export function MyIntroRequestsCard({ intros }: { intros: MyIntroRequest[] }) {
  const result = useActionData<FormResult<"answer"> | undefined>();
  const mine = result?.intent === ANSWER_INTRO_QUESTION ? result : undefined;
  return (
    <Card id="intro-requests" className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Your introduction requests</h2>
      {mine?.ok ? (
        <p role="status" className="mt-3 text-sm">
          {mine.message}
        </p>
      ) : null}
      {intros.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">
          None yet. Open a profile in the{" "}
          <Link to="/listings" className="text-accent underline">
            directory
          </Link>{" "}
          and choose Request Introduction.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {intros.map((r) => (
            <li key={r.id} className="grid gap-2 py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <Link to={`/profile/${r.recipientType}/${r.slug}`} className="font-medium hover:underline">
                    {r.recipientName}
                  </Link>
                  <span className="ml-2 text-fg-muted">{formatDate(r.createdAt)}</span>
                </div>
                <Badge variant={r.status === "accepted" ? "accent" : "outline"}>{INTRO_STATUS_LABEL[r.status]}</Badge>
              </div>
              {r.status === "rejected" && r.decisionNote ? <p className="text-fg-muted">Reason: {r.decisionNote}</p> : null}
              {r.status === "declined" && r.declineReason ? <p className="text-fg-muted">Their reason: {r.declineReason}</p> : null}
              {r.status === "awaiting_requester" && r.ownerQuestion ? (
                <QuestionForm request={r} result={mine?.target === r.id ? mine : undefined} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function QuestionForm({ request, result }: { request: MyIntroRequest; result?: FormResult<"answer"> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="grid gap-2 rounded-md border border-border p-3">
      <p>
        <span className="font-medium">{request.recipientName} asks:</span> {request.ownerQuestion}
      </p>
      <input type="hidden" name="intent" value={ANSWER_INTRO_QUESTION} />
      <input type="hidden" name="requestId" value={request.id} />
      <FormField label="Your answer" error={result && !result.ok ? (result.errors?.answer ?? result.message) : undefined}>
        {(p) => <textarea {...p} name="answer" rows={3} maxLength={2000} required defaultValue={result?.values?.answer} />}
      </FormField>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          Send answer
        </Button>
      </div>
    </Form>
  );
}
