import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDateTime } from "~/lib/format-date.ts";
import type { QueuedClaim } from "./claim-review.server.ts";

/** /admin/claims: claims with evidence, oldest first; approve (the member becomes an owner) or reject with a note. */
export function ClaimQueuePage({ claims, result }: { claims: QueuedClaim[]; result?: FormResult<"note"> }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Listing claims</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Members who could not prove a listing by an address at its domain ask here. Check their evidence; approving makes them an owner, and
        either way they are e-mailed your decision and note.
      </p>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={cn("mt-4 text-sm", result.ok ? "" : "text-danger")}>
          {result.message}
        </p>
      ) : null}
      {claims.length === 0 ? <p className="mt-8 text-fg-muted">No claims are waiting.</p> : null}
      <ul className="mt-6 grid gap-4" aria-label="Claims waiting">
        {claims.map((c) => (
          <li key={c.id} className="rounded-lg border border-border p-4" data-testid="listing-claim">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-medium break-words">
                {c.member.name} claims{" "}
                <Link to={`/admin/listings/${c.listing.id}/owners`} className="text-accent underline">
                  {c.listing.name}
                </Link>
              </h2>
              {c.member.emailVerified ? (
                <Badge variant="outline">Address confirmed</Badge>
              ) : (
                <Badge variant="outline">Address not confirmed</Badge>
              )}
            </div>
            <p className="mt-1 text-xs break-all text-fg-muted">
              {c.member.email} · {c.role} · sent {formatDateTime(c.at)}
              {c.listing.websiteUrl ? ` · listing's website: ${c.listing.websiteUrl}` : " · the listing has no website"}
            </p>
            <p className="mt-3 text-sm whitespace-pre-wrap">{c.evidence}</p>
            {c.evidenceUrl ? <p className="mt-1 text-sm break-all text-fg-muted">Link given: {c.evidenceUrl}</p> : null}
            <Form method="post" className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
              <input type="hidden" name="claimId" value={c.id} />
              <FormField
                label="Note to the member (optional)"
                error={result && !result.ok && result.target === c.id ? result.errors?.note : undefined}
              >
                {(props) => <input {...props} name="note" maxLength={1000} />}
              </FormField>
              <Button type="submit" name="decision" value="approve" disabled={busy}>
                Approve
                <span className="sr-only">
                  {" "}
                  the claim of {c.listing.name} by {c.member.name}
                </span>
              </Button>
              <Button type="submit" name="decision" value="reject" variant="secondary" disabled={busy}>
                Reject
                <span className="sr-only">
                  {" "}
                  the claim of {c.listing.name} by {c.member.name}
                </span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
