import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDate, formatDateTime } from "~/lib/format-date.ts";
import type { OperatorOwnersPage as PageData } from "./operator-owners.server.ts";
import { VIA_LABEL } from "./owners-section.tsx";

export type OperatorOwnersSubmission = FormResult<"email" | "reason">;

/** /admin/listings/:id/owners: a listing's owners for operators: grant, revoke, freeze and unfreeze self-editing. */
export function OperatorOwnersPage({ page, result }: { page: PageData; result?: OperatorOwnersSubmission }) {
  const busy = useNavigation().state !== "idle";
  const { listing } = page;
  const answer = (intent: string) => (result?.intent === intent ? result : undefined);
  const grant = answer("grant");
  const freeze = answer("freeze");
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm text-fg-muted">
          <Link to={`/admin/listings/${listing.id}`} className="underline">
            Edit {listing.name}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Owners of {listing.name}</h1>
        {result ? (
          <p role={result.ok ? "status" : "alert"} className={cn("mt-3 text-sm", result.ok ? "" : "text-danger")}>
            {result.message}
          </p>
        ) : null}
      </div>
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Owners</h2>
        {page.owners.length === 0 ? <p className="mt-2 text-sm text-fg-muted">Nobody keeps this listing.</p> : null}
        <ul className="mt-3 divide-y divide-border" aria-label="Owners">
          {page.owners.map((o) => (
            <li key={o.userId} className="flex flex-wrap items-end justify-between gap-3 py-3">
              <div>
                <p className="font-medium">{o.name}</p>
                <p className="text-sm text-fg-muted">
                  {VIA_LABEL[o.via]}, since {formatDate(o.since)}
                </p>
              </div>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="userId" value={o.userId} />
                <FormField label={`Reason to revoke ${o.name}`}>
                  {(props) => <input {...props} name="reason" required minLength={3} maxLength={500} />}
                </FormField>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Revoke<span className="sr-only"> {o.name}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
          <input type="hidden" name="intent" value="grant" />
          <FormField
            label="Grant ownership to the member with this address"
            error={grant && !grant.ok ? (grant.errors?.email ?? grant.message) : undefined}
          >
            {(props) => (
              <input {...props} name="email" type="email" required defaultValue={grant && !grant.ok ? (grant.values?.email ?? "") : ""} />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={busy}>
              Grant
            </Button>
          </div>
        </Form>
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="font-semibold">Self-editing</h2>
        {page.frozen ? (
          <>
            <p className="mt-2 text-sm">
              <Badge variant="outline">Frozen</Badge> since {formatDateTime(page.frozen.at)}: {page.frozen.reason}
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="unfreeze" />
              <Button type="submit" disabled={busy}>
                Unfreeze self-editing
              </Button>
            </Form>
          </>
        ) : (
          <>
            <p className="mt-1 text-sm text-fg-muted">
              While frozen, the owners cannot propose or publish changes to the profile; they keep everything else.
            </p>
            <Form method="post" className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
              <input type="hidden" name="intent" value="freeze" />
              <FormField
                label="Reason (shown to the owners)"
                error={freeze && !freeze.ok ? (freeze.errors?.reason ?? freeze.message) : undefined}
              >
                {(props) => <input {...props} name="reason" required maxLength={500} />}
              </FormField>
              <div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Freeze self-editing
                </Button>
              </div>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
