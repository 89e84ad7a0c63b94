import { Check, CreditCard, Crown, FlaskConical, ShieldCheck, Undo2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { intervalPrice, SOLD_TIERS, type BillingInterval, type Plan, type SoldTier } from "~/features/access/plan-catalogue.ts";
import { PlanPrice } from "~/features/access/plan-price.tsx";
import { useBillingMode, usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { postJson } from "~/lib/api-client.ts";
import { cn } from "~/lib/cn.ts";
import { planFooter, type FooterPoint } from "./plans.ts";

const FOOTER_ICONS: Record<FooterPoint, typeof Undo2> = { cancel: Undo2, guarantee: ShieldCheck, secure: CreditCard, demo: FlaskConical };
const FAILED = "Something went wrong. Please try again.";

/** What choosing a plan answers: in demo billing the plan's toast, with Stripe the Checkout page to go to. */
interface ChosenPlan {
  message?: string;
  data?: { title?: string; checkoutUrl?: string };
}

/**
 * Choosing a plan: "Processing..." on it while the server answers, then the Checkout page (Stripe) or the plan
 * granted with a toast (demo); a refusal is shown in the dialog, and a changed price (409) reloads to show the new one.
 */
function useChoosePlan(interval: BillingInterval, onChosen: () => void) {
  const [processing, setProcessing] = useState<SoldTier | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();

  async function choose(plan: Plan & { tier: SoldTier }, price: number) {
    setProcessing(plan.tier);
    setError(null);
    // The price shown: the server refuses if the tier record has changed it since.
    const answer = await postJson<ChosenPlan | null>("/api/billing/choose-plan", { tier: plan.tier, interval, price });
    if (!answer.ok) {
      setProcessing(null);
      const said = answer.kind === "http" ? answer.body?.error : undefined;
      setError(typeof said === "string" ? said : FAILED);
      if (answer.kind === "http" && answer.status === 409) void revalidator.revalidate();
      return;
    }
    const body = answer.data ?? {};
    // Paying happens on the provider's page; the plan comes once it reports the payment. The button stays busy.
    if (body.data?.checkoutUrl) return window.location.assign(body.data.checkoutUrl);
    setProcessing(null);
    toast({ title: body.data?.title ?? `Your plan is now ${plan.name}`, description: body.message });
    onChosen();
    void revalidator.revalidate();
  }

  return { processing, error, setError, choose };
}

/** Monthly or yearly, shown only when some plan is sold by the year. */
function BillingPeriod({ interval, onChange }: { interval: BillingInterval; onChange: (interval: BillingInterval) => void }) {
  return (
    <fieldset className="mb-4 flex flex-wrap items-center gap-2">
      <legend className="sr-only">Billing period</legend>
      {(["monthly", "annual"] as const).map((value) => (
        <label
          key={value}
          className={cn(
            "cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent",
            interval === value ? "border-accent bg-accent/10 font-medium" : "border-border",
          )}
        >
          <input
            type="radio"
            name="billing-period"
            value={value}
            checked={interval === value}
            onChange={() => onChange(value)}
            className="sr-only"
          />
          {value === "monthly" ? "Monthly" : "Yearly"}
        </label>
      ))}
    </fieldset>
  );
}

/** One paid plan: its name, price for the period, benefits, and the button that chooses it. */
function PlanCard({
  plan,
  price,
  interval,
  current,
  processing,
  onChoose,
}: {
  plan: Plan & { tier: SoldTier };
  price: number | null;
  interval: BillingInterval;
  current: boolean;
  processing: SoldTier | null;
  onChoose: (price: number) => void;
}) {
  const { tier } = plan;
  return (
    <section
      aria-labelledby={`plan-${tier}`}
      className={cn("flex flex-col rounded-xl border p-5", plan.mostPopular ? "border-accent" : "border-border")}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${tier}`} className="flex items-center gap-2 text-lg font-semibold">
          <Crown aria-hidden="true" className="size-5 text-accent" />
          {plan.name}
        </h3>
        {plan.mostPopular ? <Badge variant="accent">Most Popular</Badge> : null}
      </div>
      <p className="mt-2">
        {price === null ? (
          <span className="text-sm text-fg-muted">Not sold by the year</span>
        ) : (
          <PlanPrice price={price} interval={interval} size="large" />
        )}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {plan.highlights.map((item) => (
          <li key={item} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {item}
          </li>
        ))}
      </ul>
      <Button
        className="mt-5 w-full"
        variant={plan.mostPopular ? "primary" : "secondary"}
        disabled={processing !== null || current || price === null}
        onClick={() => price !== null && onChoose(price)}
      >
        {processing === tier ? "Processing..." : current ? "Your current plan" : `Choose ${plan.name}`}
      </Button>
    </section>
  );
}

/** The footer's promises: only what this site keeps in the billing mode it runs. */
function PlanFooter({ mode }: { mode: Parameters<typeof planFooter>[0] }) {
  return (
    <ul className="mt-5 flex flex-wrap justify-center gap-x-6 gap-y-2 text-xs text-fg-muted">
      {planFooter(mode).map(({ point, text }) => {
        const Icon = FOOTER_ICONS[point];
        return (
          <li key={point} className="flex items-center gap-1.5">
            <Icon aria-hidden="true" className="size-3.5" />
            {text}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Spec 01 §2's upgrade dialog: the paid plans of the catalogue (names, prices and benefits from the tier records), paid
 * monthly or yearly, a footer that promises only what this site keeps, and "Processing..." on the chosen plan while
 * the server answers. With Stripe billing the member goes on to Stripe's Checkout page to pay; in demo billing the
 * plan is granted at once, every price saying no payment is taken, and a toast names it.
 */
export default function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const catalogue = usePlanCatalogue();
  const mode = useBillingMode();
  const [interval, setBillingInterval] = useState<BillingInterval>("monthly");
  const { processing, error, setError, choose } = useChoosePlan(interval, () => onOpenChange(false));
  const currentTier = useCurrentUser()?.tier;
  const yearly = SOLD_TIERS.some((tier) => intervalPrice(catalogue[tier], "annual") !== null);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title="Upgrade your plan"
      description="Unlock full profiles, exports and more."
      className="max-w-3xl"
    >
      {yearly ? <BillingPeriod interval={interval} onChange={setBillingInterval} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {SOLD_TIERS.map((tier) => {
          const plan = { ...catalogue[tier], tier };
          return (
            <PlanCard
              key={tier}
              plan={plan}
              price={intervalPrice(plan, interval)}
              interval={interval}
              current={tier === currentTier}
              processing={processing}
              onChoose={(price) => void choose(plan, price)}
            />
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <PlanFooter mode={mode} />
    </Dialog>
  );
}
