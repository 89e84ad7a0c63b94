import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { inputClass } from "~/components/ui/form-field.tsx";
import { PlanPrice } from "~/features/access/plan-price.tsx";
import { DEMO_PRICE_NOTE } from "~/features/access/plan-catalogue.ts";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { formatDate } from "~/lib/format-date.ts";
import type { TeamBillingData } from "./seats-page.server.ts";
import { SeatUsage } from "./seat-usage.tsx";

export interface SeatsResult {
  ok: boolean;
  message?: string;
  intent?: string;
  data?: { seats: number; amount: number; text: string };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

function SeatsInput({ defaultValue, max }: { defaultValue: number; max: number }) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      Number of seats
      <input
        name="seats"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        required
        defaultValue={defaultValue}
        className={`${inputClass} w-28`}
      />
    </label>
  );
}

/** Buying the first seats: how many and how often, then Checkout (or, in demo billing, at once without payment). */
function BuySeats({ page, busy }: { page: TeamBillingData; busy: boolean }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-4" aria-label="Buy seats">
      <input type="hidden" name="intent" value="buy" />
      <SeatsInput defaultValue={Math.max(1, page.seats.assigned)} max={page.maxSeats} />
      {page.mode === "stripe" ? (
        <fieldset className="grid gap-1 text-sm">
          <legend className="font-medium">Paid</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="interval" value="monthly" defaultChecked /> Monthly
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="interval" value="annual" /> Yearly (${page.price.annual} a seat)
          </label>
        </fieldset>
      ) : null}
      <Button type="submit" disabled={busy}>
        Buy seats
      </Button>
    </Form>
  );
}

/** More or fewer seats: paid seats are previewed first (the prorated amount), then confirmed. */
function ChangeSeats({ page, result, busy }: { page: TeamBillingData; result?: SeatsResult; busy: boolean }) {
  const current = page.subscription?.quantity ?? page.seats.demo;
  const preview = result?.ok && result.intent === "preview-seats" ? result.data : undefined;
  return (
    <div className="mt-4 grid gap-3">
      <Form method="post" className="flex flex-wrap items-end gap-4" aria-label="Change the number of seats">
        <input type="hidden" name="intent" value={page.mode === "stripe" ? "preview-seats" : "change-seats"} />
        <SeatsInput defaultValue={preview?.seats ?? current} max={page.maxSeats} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {page.mode === "stripe" ? "See the price" : "Change seats"}
        </Button>
      </Form>
      {preview ? (
        <Form
          method="post"
          className="flex flex-wrap items-center gap-3 rounded-md border border-accent p-3 text-sm"
          aria-label="Confirm the seats"
        >
          <input type="hidden" name="intent" value="change-seats" />
          <input type="hidden" name="seats" value={preview.seats} />
          <span>
            {plural(preview.seats, "seat")}: {preview.text}
          </span>
          <Button type="submit" disabled={busy}>
            Confirm {plural(preview.seats, "seat")}
          </Button>
        </Form>
      ) : null}
      <p className="text-sm text-fg-muted">Seats handed out cannot be removed: take a seat back first.</p>
    </div>
  );
}

function SeatHolderButton({
  userId,
  seat,
  name,
  busy,
  disabled,
}: {
  userId: string;
  seat: boolean;
  name: string;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={seat ? "unassign" : "assign"} />
      <input type="hidden" name="userId" value={userId} />
      <Button type="submit" size="sm" variant="secondary" disabled={busy || disabled}>
        {seat ? "Take back the seat" : "Give a seat"}
        <span className="sr-only">{seat ? ` of ${name}` : ` to ${name}`}</span>
      </Button>
    </Form>
  );
}

function MembersCard({ page, busy }: { page: TeamBillingData; busy: boolean }) {
  const catalogue = usePlanCatalogue();
  const full = page.seats.assigned >= page.seats.capacity;
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="team-seat-holders">
      <h2 id="team-seat-holders" className="text-lg font-semibold">
        {page.canManage ? "Members and seats" : "Your seat"}
      </h2>
      <ul className="mt-3 grid">
        {page.members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-border py-3 text-sm">
            <div>
              <p className="font-medium">{m.you ? `${m.name} (you)` : m.name}</p>
              <p className="text-fg-muted">
                <span className="capitalize">{m.role}</span> · {m.seat ? "Holds a seat" : "No seat"} · {catalogue[m.tier].name}
              </p>
            </div>
            {page.canManage ? (
              <SeatHolderButton userId={m.userId} seat={m.seat} name={m.name} busy={busy} disabled={!m.seat && full} />
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PaidPlanLine({ page }: { page: TeamBillingData }) {
  const sub = page.subscription;
  if (page.mode === "demo")
    return page.seats.demo ? <p className="mt-3 text-sm">{DEMO_PRICE_NOTE}: these seats are granted without payment.</p> : null;
  if (!sub) return null;
  const end = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : null;
  if (sub.status === "past_due")
    return <p className="mt-3 text-sm text-danger">The last payment failed: update the team's card to keep its seats.</p>;
  if (sub.cancelAtPeriodEnd)
    return <p className="mt-3 text-sm">Cancelled: the seats stay until {end ?? "the end of the period"}, and nothing more is charged.</p>;
  return (
    <p className="mt-3 text-sm">
      Paid {sub.interval === "annual" ? "yearly" : "monthly"}; renews{end ? ` on ${end}` : ""}.
    </p>
  );
}

/** /teams/:teamId/billing (decision 0119): the team plan per seat, who holds the seats, and what each used this month. */
export function TeamBillingPage({ page, notice, result }: { page: TeamBillingData; notice: string | null; result?: SeatsResult }) {
  const busy = useNavigation().state !== "idle";
  const catalogue = usePlanCatalogue();
  const { seats, subscription } = page;
  const holds = seats.capacity > 0 || subscription !== null;
  const message = result?.message && result.intent !== "preview-seats" ? result : undefined;
  return (
    // Inside the team's frame (its name, the sections): one heading of its own, the width of the other sections.
    <div className="grid grid-cols-1 gap-6">
      <h2 className="text-xl font-semibold tracking-tight">Seats and billing</h2>
      {notice && !result ? (
        <p role="status" className="rounded-md border border-border bg-surface-muted px-4 py-3 text-sm">
          {notice}
        </p>
      ) : null}
      {message || (result && !result.ok) ? (
        <p
          role={result!.ok ? "status" : "alert"}
          className={
            result!.ok ? "rounded-md border border-accent px-4 py-3 text-sm" : "rounded-md bg-danger/10 px-4 py-3 text-sm text-danger"
          }
        >
          {result!.message}
        </p>
      ) : null}

      <Card className="p-5 sm:p-6" role="region" aria-labelledby="team-plan">
        <h2 id="team-plan" className="text-lg font-semibold">
          Team plan
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Badge variant="accent">{catalogue[page.price.tier].name} for every seat</Badge>
          <span className="text-sm">
            Each seat <PlanPrice price={page.price.monthly} />
          </span>
        </div>
        <p className="mt-3 text-sm" data-seat-count="">
          {holds ? `${plural(seats.capacity, "seat")}, ${seats.assigned} assigned.` : "The team has no seats yet."}
        </p>
        <PaidPlanLine page={page} />
        {page.canManage ? (
          holds ? (
            <>
              <ChangeSeats page={page} result={result} busy={busy} />
              <div className="mt-4 flex flex-wrap gap-3">
                {page.mode === "demo" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="end-demo" />
                    <Button type="submit" variant="secondary" disabled={busy || seats.assigned > 0}>
                      End the demo team plan
                    </Button>
                  </Form>
                ) : null}
                {page.mode === "stripe" && subscription ? (
                  <>
                    <Form method="post">
                      <input type="hidden" name="intent" value={subscription.cancelAtPeriodEnd ? "resume" : "cancel"} />
                      <Button type="submit" variant="secondary" disabled={busy}>
                        {subscription.cancelAtPeriodEnd ? "Resume the team plan" : "Cancel at the period's end"}
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="portal" />
                      <Button type="submit" variant="secondary" disabled={busy}>
                        Card and invoices
                      </Button>
                    </Form>
                  </>
                ) : null}
              </div>
            </>
          ) : (
            <BuySeats page={page} busy={busy} />
          )
        ) : (
          <p className="mt-3 text-sm text-fg-muted">The team's owner and admins buy seats and hand them out.</p>
        )}
      </Card>

      <MembersCard page={page} busy={busy} />
      <SeatUsage page={page} />
    </div>
  );
}
