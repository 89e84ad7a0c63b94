import { Check, CreditCard, Crown, ShieldCheck, Undo2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { formatPrice, SOLD_TIERS, type Plan, type SoldTier } from "~/features/access/plan-catalogue.ts";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { cn } from "~/lib/cn.ts";
import { PLAN_FOOTER } from "./plans.ts";

const FOOTER_ICONS = [Undo2, ShieldCheck, CreditCard];
const FAILED = "Something went wrong. Please try again.";

/**
 * Spec 01 §2's upgrade dialog: the paid plans of the catalogue (names, prices and benefits from the tier records),
 * a footer, and "Processing..." on the chosen plan while the server records it. On success a toast names the plan
 * bought, the dialog closes and the page's data is reloaded, so a granted tier shows at once.
 */
export default function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const catalogue = usePlanCatalogue();
  const [processing, setProcessing] = useState<SoldTier | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const currentTier = useCurrentUser()?.tier;

  async function choose(plan: Plan & { tier: SoldTier }) {
    setProcessing(plan.tier);
    setError(null);
    try {
      const response = await fetch("/api/billing/choose-plan", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        // The price shown: the server refuses if the tier record has changed it since.
        body: JSON.stringify({ tier: plan.tier, monthlyPrice: plan.monthlyPrice }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string; error?: string; data?: { title?: string } };
      if (!response.ok) {
        setError(body.error ?? FAILED);
        // A changed price (409) shows the new one.
        if (response.status === 409) void revalidator.revalidate();
        return;
      }
      toast({ title: body.data?.title ?? `Your plan is now ${plan.name}`, description: body.message });
      onOpenChange(false);
      void revalidator.revalidate();
    } catch {
      setError(FAILED);
    } finally {
      setProcessing(null);
    }
  }

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
      <div className="grid gap-4 sm:grid-cols-2">
        {SOLD_TIERS.map((tier) => {
          const plan = { ...catalogue[tier], tier };
          const current = tier === currentTier;
          return (
            <section
              key={tier}
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
                <span className="text-3xl font-bold">{formatPrice(plan.monthlyPrice)}</span>
                <span className="text-sm text-fg-muted"> per month</span>
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
                disabled={processing !== null || current}
                onClick={() => void choose(plan)}
              >
                {processing === tier ? "Processing..." : current ? "Your current plan" : `Choose ${plan.name}`}
              </Button>
            </section>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul className="mt-5 flex flex-wrap justify-center gap-x-6 gap-y-2 text-xs text-fg-muted">
        {PLAN_FOOTER.map((text, i) => {
          const Icon = FOOTER_ICONS[i]!;
          return (
            <li key={text} className="flex items-center gap-1.5">
              <Icon aria-hidden="true" className="size-3.5" />
              {text}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
