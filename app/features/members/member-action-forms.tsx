import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { cn } from "~/lib/cn.ts";
import { formatDate } from "~/lib/format-date.ts";
import type { MemberPageProps, MemberSubmission } from "./member-page.tsx";

type Page = MemberPageProps["page"];

/** A form's answer, under it: a status when it passed, an alert when it did not. */
function Outcome({ result }: { result?: MemberSubmission }) {
  if (!result?.message) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={cn("text-sm", result.ok ? "text-fg" : "text-danger")}>
      {result.message}
    </p>
  );
}

function Reason({
  result,
  required,
  label = "Reason (kept in the audit log)",
}: {
  result?: MemberSubmission;
  required: boolean;
  label?: string;
}) {
  return (
    <FormField label={required ? label : `${label}, optional`} error={result?.errors?.reason}>
      {(props) => <textarea {...props} name="reason" rows={2} required={required} defaultValue={result?.values?.reason ?? ""} />}
    </FormField>
  );
}

const busyOf = (state: string) => state !== "idle";

/** Give a complimentary plan until a day; take one back. */
export function GrantForms({
  page,
  grantResult,
  revokeResult,
}: {
  page: Page;
  grantResult?: MemberSubmission;
  revokeResult?: MemberSubmission;
}) {
  const busy = busyOf(useNavigation().state);
  const values = grantResult?.ok ? undefined : grantResult?.values;
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      {/* Keyed by the grant in force: a given plan empties the form, as a page load without JavaScript would. */}
      <Form
        key={`grant-${page.complimentary?.tier ?? ""}-${page.complimentary?.endsAt ?? ""}`}
        method="post"
        aria-label="Give a complimentary plan"
        className="grid content-start gap-3"
      >
        <h3 className="text-sm font-semibold">Give a complimentary plan</h3>
        <input type="hidden" name="intent" value="grant" />
        <FormField label="Plan" error={grantResult?.errors?.tier}>
          {(props) => (
            <select
              {...props}
              name="tier"
              defaultValue={values?.tier ?? "premium"}
              className={cn(props.className, "h-10 read-only:bg-surface")}
            >
              {page.plans.map((p) => (
                <option key={p.tier} value={p.tier}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Until (its last day, UTC)" error={grantResult?.errors?.until}>
          {(props) => <input {...props} type="date" name="until" required min={page.today} defaultValue={values?.until ?? ""} />}
        </FormField>
        <Reason result={grantResult?.ok ? undefined : grantResult} required />
        <div>
          <Button type="submit" disabled={busy}>
            Give complimentary plan
          </Button>
        </div>
        <Outcome result={grantResult} />
      </Form>
      {page.complimentary ? (
        <Form method="post" aria-label="Take back the complimentary plan" className="grid content-start gap-3">
          <h3 className="text-sm font-semibold">Take back the complimentary plan</h3>
          <input type="hidden" name="intent" value="revoke" />
          <Reason result={revokeResult?.ok ? undefined : revokeResult} required={false} />
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Take it back
            </Button>
          </div>
          <Outcome result={revokeResult} />
        </Form>
      ) : (
        <Outcome result={revokeResult} />
      )}
    </div>
  );
}

/** Refund one of the member's payments through the provider; none in demo billing. */
export function RefundForms({ page, result }: { page: Page; result?: MemberSubmission }) {
  const busy = busyOf(useNavigation().state);
  const { payments } = page;
  if (!payments)
    return (
      <p className="mt-3 text-sm text-fg-muted">
        This site takes no payments ({page.billingMode} billing): nothing was charged, so there is nothing to refund.
      </p>
    );
  if (payments.providerUnavailable)
    return (
      <p role="alert" className="mt-3 text-sm text-danger">
        The payment provider did not answer: the payments cannot be listed now. Try again in a moment.
      </p>
    );
  if (!payments.invoices.length)
    return (
      <div className="mt-3 grid gap-2">
        <p className="text-sm text-fg-muted">No payments from this member.</p>
        <Outcome result={result} />
      </div>
    );
  const chosen = result && !result.ok ? result.values?.invoice : undefined;
  const first = payments.invoices.find((i) => !i.refundedAt)?.id;
  if (!first)
    return (
      <div className="mt-3 grid gap-2 text-sm">
        <p>Every payment of this member has been refunded:</p>
        <ul className="grid gap-1 text-fg-muted">
          {payments.invoices.map((invoice) => (
            <li key={invoice.id}>
              {invoice.amount} paid {formatDate(invoice.paidAt)} (invoice {invoice.number ?? invoice.id}): refunded{" "}
              {formatDate(invoice.refundedAt!)}
            </li>
          ))}
        </ul>
        <Outcome result={result} />
      </div>
    );
  const values = result?.ok ? undefined : result?.values;
  return (
    <Form
      key={`refund-${payments.invoices.filter((i) => i.refundedAt).length}`}
      method="post"
      aria-label="Refund a payment"
      className="mt-3 grid gap-4"
    >
      <input type="hidden" name="intent" value="refund" />
      <fieldset className="grid gap-2" aria-describedby={result?.errors?.invoice ? "refund-invoice-message" : undefined}>
        <legend className="text-sm font-medium">Payment to refund (in full)</legend>
        {payments.invoices.map((invoice) => (
          <label key={invoice.id} className={cn("flex items-start gap-2 text-sm", invoice.refundedAt && "text-fg-muted")}>
            <input
              type="radio"
              name="invoice"
              value={invoice.id}
              disabled={Boolean(invoice.refundedAt)}
              defaultChecked={(chosen ?? first) === invoice.id}
              className="mt-1 size-4 accent-accent"
            />
            <span>
              {invoice.amount} paid {formatDate(invoice.paidAt)} (invoice {invoice.number ?? invoice.id})
              {invoice.refundedAt ? `: refunded ${formatDate(invoice.refundedAt)}` : ""}
            </span>
          </label>
        ))}
        {result?.errors?.invoice ? (
          <p id="refund-invoice-message" className="text-xs text-danger">
            {result.errors.invoice}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">The plan it paid for</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="ending" value="now" defaultChecked={values?.ending !== "period_end"} className="size-4 accent-accent" />
          Ends now
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="ending"
            value="period_end"
            defaultChecked={values?.ending === "period_end"}
            className="size-4 accent-accent"
          />
          Runs to the end of its period, then ends (no renewal)
        </label>
      </fieldset>
      <Reason result={result?.ok ? undefined : result} required />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" value="yes" required className="mt-1 size-4 accent-accent" />
          The money goes back to the member's card: a refund cannot be undone.
        </label>
        {result?.errors?.confirm ? <p className="mt-1 text-xs text-danger">{result.errors.confirm}</p> : null}
      </div>
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          Refund payment
        </Button>
      </div>
      <Outcome result={result} />
    </Form>
  );
}

/** Disable the account (signed out everywhere, no sign-in) or enable it again. */
export function AccessForms({ page, result }: { page: Page; result?: MemberSubmission }) {
  const busy = busyOf(useNavigation().state);
  if (page.member.disabledAt)
    return (
      <Form key="enable" method="post" aria-label="Enable the account" className="mt-3 grid gap-3">
        <p className="text-sm">
          Disabled since {formatDate(page.member.disabledAt)}: the member cannot sign in by any method, and their API keys do not work.
        </p>
        <input type="hidden" name="intent" value="enable" />
        <Reason result={result?.ok ? undefined : result} required={false} />
        <div>
          <Button type="submit" disabled={busy}>
            Enable account
          </Button>
        </div>
        <Outcome result={result} />
      </Form>
    );
  if (page.self)
    return (
      <div className="mt-3 grid gap-2">
        <p className="text-sm text-fg-muted">This is your own account: you cannot disable it.</p>
        <Outcome result={result} />
      </div>
    );
  return (
    <Form key="disable" method="post" aria-label="Disable the account" className="mt-3 grid gap-3">
      <p className="text-sm">
        Disabling signs the member out everywhere at once and stops every way of signing in (password, Google, LinkedIn, API keys) until
        enabled again. Their listings, requests and data stay as they are.
      </p>
      <input type="hidden" name="intent" value="disable" />
      <Reason result={result?.ok ? undefined : result} required />
      <div>
        <Button type="submit" variant="danger" disabled={busy}>
          Disable account
        </Button>
      </div>
      <Outcome result={result} />
    </Form>
  );
}
