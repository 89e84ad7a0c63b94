/** /admin/listing-changes/:id (decision 0115): one proposed change as a diff, and the operator's decision. */
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDateTime } from "~/lib/format-date.ts";
import type { getProposalForReview } from "./review-changes.server.ts";

type Proposal = NonNullable<Awaited<ReturnType<typeof getProposalForReview>>>;

const Value = ({ text }: { text: string }) => <span className="block max-w-prose break-words whitespace-pre-line">{text}</span>;

export function ChangeReviewPage({ proposal, result }: { proposal: Proposal; result?: FormResult }) {
  const stale = proposal.diff.filter((d) => d.stale);
  const from =
    proposal.origin === "owner"
      ? `Proposed by ${proposal.proposer ? `${proposal.proposer.name} (${proposal.proposer.email})` : "a former owner"}`
      : `Brought by ${proposal.origin === "import" ? "an import" : "a merge"} over a value the company submitted`;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <Link to="/admin/listing-changes" className="text-sm text-accent hover:underline">
        ← Listing changes
      </Link>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{proposal.listing.name}</h1>
        <p className="mt-1 text-sm text-fg-muted">
          {from} · {formatDateTime(proposal.createdAt)} · <Badge variant="outline">{proposal.status}</Badge>
        </p>
        <p className="mt-1 text-sm">
          <Link to={`/admin/listings/${proposal.listing.id}`} className="text-accent underline">
            Open in the editor
          </Link>{" "}
          ·{" "}
          <Link to={`/profile/${proposal.listing.type}/${proposal.listing.slug}`} className="text-accent underline">
            Public profile
          </Link>
        </p>
        {proposal.note ? <p className="mt-2 text-sm">Note: {proposal.note}</p> : null}
      </div>
      {stale.length && proposal.status === "pending" ? (
        <p role="alert" className="rounded-md border border-warning/40 p-3 text-sm">
          Changed since proposed: {stale.map((d) => d.label).join(", ")}. The value stored now differs from the one the proposal was made
          against; approving replaces it only if you tick &ldquo;Replace the newer values&rdquo;.
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-border bg-surface">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Proposed values against the stored ones</caption>
          <thead className="text-fg-muted">
            <tr>
              <th className="p-3 font-medium">Field</th>
              <th className="p-3 font-medium">When proposed</th>
              <th className="p-3 font-medium">Stored now</th>
              <th className="p-3 font-medium">Proposed</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border align-top">
            {proposal.diff.map((d) => (
              <tr key={d.field} data-field={d.field} data-stale={d.stale ? "true" : undefined}>
                <th scope="row" className="p-3 font-medium">
                  {d.label}
                  {d.stale ? (
                    <span className="mt-1 block">
                      <Badge variant="outline">Changed since</Badge>
                    </span>
                  ) : null}
                </th>
                <td className="p-3 text-fg-muted">
                  <del className="no-underline">
                    <Value text={d.before} />
                  </del>
                </td>
                <td className="p-3">
                  <Value text={d.now} />
                </td>
                <td className="p-3">
                  <ins className="no-underline">
                    <Value text={d.after} />
                  </ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result?.message ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm text-danger"}>
          {result.message}
        </p>
      ) : null}
      {proposal.status === "pending" ? (
        <Form method="post" className="grid gap-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
          <div className="grid gap-1">
            <label htmlFor="note" className="text-sm font-medium">
              Note to the owner
            </label>
            <textarea id="note" name="note" rows={3} maxLength={1000} className={inputClass} aria-describedby="note-hint" />
            <p id="note-hint" className="text-xs text-fg-muted">
              Required to reject; the owner reads it on their page and in the e-mail.
            </p>
          </div>
          {stale.length ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="replaceNewer" className="size-4 accent-accent" />
              Replace the newer values
            </label>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="approve">
              Approve and publish
            </Button>
            <Button type="submit" name="intent" value="reject" variant="secondary">
              Reject
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
