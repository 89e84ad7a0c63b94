import { Form, Link, useNavigation } from "react-router";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { PlanPrice } from "~/features/access/plan-price.tsx";
import { DEMO_PRICE_NOTE } from "~/features/access/plan-catalogue.ts";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { formatDate } from "~/lib/format-date.ts";
import type { BillingOverview } from "./billing-overview.server.ts";
import { MONEY_BACK_DAYS } from "./money-back.ts";
import { TEAM_PLAN } from "./team-plan.ts";

export interface BillingResult {
  ok: boolean;
  message?: string;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

const STATUS_TEXT: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment failed",
  canceled: "Ended",
  unpaid: "Unpaid",
  incomplete: "Waiting for payment",
  incomplete_expired: "Never paid",
  paused: "Paused",
  refunded: "Refunded",
};

function Intent({
  name,
  children,
  variant = "secondary",
  disabled,
}: {
  name: string;
  children: string;
  variant?: "primary" | "secondary";
  disabled: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={name} />
      <Button type="submit" variant={variant} disabled={disabled}>
        {children}
      </Button>
    </Form>
  );
}

/** The invoices, each with its date, amount, status and documents. */
function InvoicesCard({ invoices }: { invoices: BillingOverview["invoices"] }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">Invoices</h2>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-fg-muted">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 font-medium">
              Amount
            </th>
            <th scope="col" className="hidden py-2 font-medium sm:table-cell">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Documents</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td className="py-2">{formatDate(invoice.date)}</td>
              <td className="py-2">{money(invoice.amount, invoice.currency)}</td>
              <td className="hidden py-2 capitalize sm:table-cell">{invoice.status ?? ""}</td>
              <td className="py-2 text-right">
                {invoice.pdfUrl ? (
                  <a
                    href={invoice.pdfUrl}
                    className="text-accent underline"
                    aria-label={`PDF of invoice ${invoice.number ?? formatDate(invoice.date)}`}
                  >
                    PDF
                  </a>
                ) : null}
                {invoice.hostedUrl ? (
                  <a
                    href={invoice.hostedUrl}
                    className="ml-3 text-accent underline"
                    aria-label={`View invoice ${invoice.number ?? formatDate(invoice.date)}`}
                  >
                    View
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** /settings/billing: the plan and how it is paid, the invoices, and what a member can change (decision 0079). */
export function BillingPage({ overview, notice, result }: { overview: BillingOverview; notice: string | null; result?: BillingResult }) {
  const catalogue = usePlanCatalogue();
  const { unlock } = useUnlockPrompt();
  const busy = useNavigation().state !== "idle";
  const { subscription, mode } = overview;
  const plan = catalogue[overview.tier];
  const paid =
    overview.source === "subscription" && subscription && !["canceled", "refunded", "incomplete_expired"].includes(subscription.status);
  const interval = subscription?.interval ?? "monthly";
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <div>
        <Link to="/settings" className="text-sm text-accent underline">
          Settings
        </Link>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Billing</h1>
      </div>
      {/* The return from Checkout is news once: an answer to a form since replaces it. */}
      {notice && !result ? (
        <p role="status" className="rounded-md border border-border bg-surface-muted px-4 py-3 text-sm">
          {notice}
        </p>
      ) : null}
      {result?.message ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={
            result.ok ? "rounded-md border border-accent px-4 py-3 text-sm" : "rounded-md bg-danger/10 px-4 py-3 text-sm text-danger"
          }
        >
          {result.message}
        </p>
      ) : null}

      <Card className="p-5 sm:p-6" role="region" aria-labelledby="billing-plan">
        <h2 id="billing-plan" className="text-lg font-semibold">
          Your plan
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Badge variant="accent">{plan.name}</Badge>
          {paid ? (
            <PlanPrice price={interval === "annual" ? plan.annualPrice : plan.monthlyPrice} interval={interval} className="text-sm" />
          ) : null}
          {overview.source === "demo" ? <PlanPrice price={plan.monthlyPrice} className="text-sm" /> : null}
          {subscription && overview.source === "subscription" ? (
            <Badge variant="outline">{STATUS_TEXT[subscription.status] ?? subscription.status}</Badge>
          ) : null}
        </div>
        <PlanStatus overview={overview} />
        {overview.tier === "public" || overview.source !== "subscription" ? (
          <Button variant="secondary" className="mt-4" onClick={unlock} aria-haspopup="dialog">
            {overview.tier === "public" ? "Upgrade plan" : "See the plans"}
          </Button>
        ) : null}
        {overview.source === "demo" ? (
          <div className="mt-4">
            <Intent name="end-demo" disabled={busy}>
              End the demo plan
            </Intent>
          </div>
        ) : null}
      </Card>

      {mode === "stripe" && paid ? <PaidPlanSections overview={overview} busy={busy} /> : null}

      {mode === "stripe" && overview.invoices.length ? <InvoicesCard invoices={overview.invoices} /> : null}
      <TeamPlanCard premiumName={catalogue[TEAM_PLAN.tier].name} />
      {overview.providerUnavailable ? (
        <p role="alert" className="text-sm text-danger">
          The payment provider did not answer: your invoices cannot be shown right now. Please try again in a moment.
        </p>
      ) : null}
    </div>
  );
}

/** The team plan beside the member's own (decision 0119): sold per seat, bought on a team's own billing page. */
function TeamPlanCard({ premiumName }: { premiumName: string }) {
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="billing-team-plan">
      <h2 id="billing-team-plan" className="text-lg font-semibold">
        {TEAM_PLAN.name} plan, per seat
      </h2>
      <p className="mt-3 text-sm">
        {premiumName} for every member holding a seat. Each seat <PlanPrice price={TEAM_PLAN.seatMonthlyPrice} />
      </p>
      <p className="mt-2 text-sm text-fg-muted">A team's owner or admins buy seats on the team's Seats and billing page.</p>
    </Card>
  );
}

function PlanStatus({ overview }: { overview: BillingOverview }) {
  const { subscription } = overview;
  const line = (text: string) => <p className="mt-3 text-sm">{text}</p>;
  if (overview.source === "demo") return line(`${DEMO_PRICE_NOTE}: this plan was chosen in the demo and is granted without payment.`);
  if (overview.source === "team" && overview.seatTeam)
    return (
      <p className="mt-3 text-sm">
        From your seat in{" "}
        <Link to={`/teams/${overview.seatTeam.id}/billing`} className="text-accent underline">
          {overview.seatTeam.name}
        </Link>
        : the team's plan gives it to you while you hold the seat.
      </p>
    );
  if (overview.source === "complimentary")
    return line(
      overview.complimentaryUntil ? `Complimentary until ${formatDate(overview.complimentaryUntil)}.` : "Complimentary: no payment is due.",
    );
  if (overview.source === "free" || !subscription) return line("You are on the free plan.");
  if (subscription.status === "past_due")
    return line(
      `Your last payment failed. Update your payment method${subscription.graceEndsAt ? ` by ${formatDate(subscription.graceEndsAt)}` : ""} to keep your plan.`,
    );
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd)
    return line(`Cancelled: your plan ends on ${formatDate(subscription.currentPeriodEnd)}, and nothing more is charged.`);
  return subscription.currentPeriodEnd ? line(`Renews on ${formatDate(subscription.currentPeriodEnd)}.`) : null;
}

function PaidPlanSections({ overview, busy }: { overview: BillingOverview; busy: boolean }) {
  const subscription = overview.subscription!;
  return (
    <>
      {overview.nextInvoice ? (
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold">Next invoice</h2>
          <p className="mt-2 text-sm">
            {money(overview.nextInvoice.amount, overview.nextInvoice.currency)}
            {overview.nextInvoice.date ? ` on ${formatDate(overview.nextInvoice.date)}` : ""}
          </p>
        </Card>
      ) : null}

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Change plan</h2>
        <p className="mt-1 text-sm text-fg-muted">
          Moving up is charged today for the rest of the period (prorated); moving down is credited to your next invoice.
        </p>
        <ul className="mt-3 grid gap-2">
          {overview.choices.map((choice) => (
            <li
              key={`${choice.tier}-${choice.interval}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2"
            >
              <span className="text-sm">
                <span className="font-medium">{choice.name}</span>, <PlanPrice price={choice.price} interval={choice.interval} />
              </span>
              {choice.current ? (
                <Badge variant="outline">Your plan</Badge>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="change-plan" />
                  <input type="hidden" name="tier" value={choice.tier} />
                  <input type="hidden" name="interval" value={choice.interval} />
                  <input type="hidden" name="price" value={choice.price} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    {`Switch to ${choice.name} ${choice.interval === "annual" ? "yearly" : "monthly"}`}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Payment method</h2>
        <p className="mt-1 text-sm text-fg-muted">Your card and billing details are kept by our payment provider, Stripe.</p>
        <div className="mt-3">
          <Intent name="portal" disabled={busy}>
            Manage payment method
          </Intent>
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{subscription.cancelAtPeriodEnd ? "Resume your plan" : "Cancel your plan"}</h2>
        {subscription.cancelAtPeriodEnd ? (
          <>
            <p className="mt-1 text-sm text-fg-muted">Keep your plan: it renews as before.</p>
            <div className="mt-3">
              <Intent name="resume" variant="primary" disabled={busy}>
                Resume plan
              </Intent>
            </div>
          </>
        ) : (
          <>
            <p className="mt-1 text-sm text-fg-muted">
              Your plan stays until the end of the period you paid for
              {subscription.currentPeriodEnd ? ` (${formatDate(subscription.currentPeriodEnd)})` : ""}; nothing more is charged.
            </p>
            <div className="mt-3">
              <Intent name="cancel" disabled={busy}>
                Cancel plan
              </Intent>
            </div>
          </>
        )}
      </Card>

      {overview.moneyBack.eligible ? (
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold">{MONEY_BACK_DAYS}-day money-back guarantee</h2>
          <p className="mt-1 text-sm text-fg-muted">
            Until {formatDate(overview.moneyBack.until)} you can have everything you paid refunded. Your plan then ends at once.
          </p>
          <Form method="post" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="refund" />
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="confirm" value="yes" required className="mt-1" />I understand my plan ends now.
            </label>
            <div>
              <Button type="submit" variant="secondary" disabled={busy}>
                Refund and end my plan
              </Button>
            </div>
          </Form>
        </Card>
      ) : null}
    </>
  );
}
