/** /admin/listing-changes (decision 0115): the queue of proposed changes and the rules for publishing at once. */
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDateTime } from "~/lib/format-date.ts";
import { AT_ONCE_FIELDS, fieldLabel } from "./owner-fields.ts";
import type { ProposalSummary } from "./review-changes.server.ts";

const ORIGIN_WORDS = { owner: "Owner", import: "Import", merge: "Merge" } as const;

function ProposalTable({ rows, caption }: { rows: ProposalSummary[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-fg-muted">
          <tr>
            <th className="py-2 pr-4 font-medium">Listing</th>
            <th className="py-2 pr-4 font-medium">From</th>
            <th className="py-2 pr-4 font-medium">Fields</th>
            <th className="py-2 pr-4 font-medium">Sent</th>
            <th className="py-2 font-medium">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="py-2 pr-4">
                <Link to={`/admin/listing-changes/${r.id}`} className="text-accent hover:underline">
                  {r.listingName}
                </Link>
              </td>
              <td className="py-2 pr-4">
                {ORIGIN_WORDS[r.origin]}
                {r.proposer ? ` · ${r.proposer}` : ""}
              </td>
              <td className="py-2 pr-4">{r.fields.map(fieldLabel).join(", ")}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
              <td className="py-2">
                <Badge variant="outline">{r.status}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChangeQueuePage({
  pending,
  decided,
  atOnce,
  result,
}: {
  pending: ProposalSummary[];
  decided: ProposalSummary[];
  atOnce: string[];
  result?: FormResult;
}) {
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Listing changes</h1>
        <p className="mt-2 text-sm text-fg-muted">
          Changes owners proposed to their listings, and values an import or a merge brought over a value the company submitted. Nothing
          here is public until approved.
        </p>
      </div>
      <section aria-labelledby="pending-title" className="rounded-lg border border-border bg-surface p-4 sm:p-6">
        <h2 id="pending-title" className="text-lg font-semibold">
          Waiting for review ({pending.length})
        </h2>
        {pending.length ? (
          <ProposalTable rows={pending} caption="Changes waiting for review" />
        ) : (
          <p className="mt-2 text-sm text-fg-muted">Nothing waits.</p>
        )}
      </section>
      <section aria-labelledby="rules-title" className="rounded-lg border border-border bg-surface p-4 sm:p-6">
        <h2 id="rules-title" className="text-lg font-semibold">
          Publish at once
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Owners&apos; changes to the fields ticked are published as soon as they are sent, without review. Only these low-risk fields can
          be; contact details, addresses, classification and figures are always reviewed.
        </p>
        <Form method="post" className="mt-4 grid gap-4">
          <fieldset>
            <legend className="sr-only">Fields owners publish at once</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {AT_ONCE_FIELDS.map((field) => (
                <label key={field} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="atOnce"
                    value={field}
                    defaultChecked={atOnce.includes(field)}
                    className="size-4 accent-accent"
                  />
                  {fieldLabel(field)}
                </label>
              ))}
            </div>
          </fieldset>
          {result?.message ? (
            <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm text-danger"}>
              {result.message}
            </p>
          ) : null}
          <div>
            <Button type="submit">Save rules</Button>
          </div>
        </Form>
      </section>
      {decided.length ? (
        <section aria-labelledby="decided-title" className="rounded-lg border border-border bg-surface p-4 sm:p-6">
          <h2 id="decided-title" className="text-lg font-semibold">
            Recently decided
          </h2>
          <ProposalTable rows={decided} caption="Recently decided changes" />
        </section>
      ) : null}
    </div>
  );
}
