import { Check, CreditCard, Crown, ShieldCheck, Undo2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { cn } from "~/lib/cn.ts";
import { PLAN_FOOTER, PLANS, type Plan } from "./plans.ts";

const FOOTER_ICONS = [Undo2, ShieldCheck, CreditCard];

/**
 * Spec 01 §2's upgrade dialog: two plans, a footer, and "Processing..." on the chosen plan while the server
 * records it. Afterwards the page's data is reloaded, so a granted tier shows at once.
 */
export default function UpgradeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [processing, setProcessing] = useState<Plan["id"] | null>(null);
  const [result, setResult] = useState<{ message: string; ok: boolean } | null>(null);
  const revalidator = useRevalidator();
  const currentTier = useCurrentUser()?.tier;

  async function choose(plan: Plan) {
    setProcessing(plan.id);
    setResult(null);
    try {
      const response = await fetch("/api/billing/choose-plan", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ plan: plan.id }),
      });
      const body = (await response.json()) as { message?: string; error?: string };
      setResult({ ok: response.ok, message: body.message ?? body.error ?? "Something went wrong. Please try again." });
      if (response.ok) await revalidator.revalidate();
    } catch {
      setResult({ ok: false, message: "Something went wrong. Please try again." });
    } finally {
      setProcessing(null);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setResult(null);
        onOpenChange(next);
      }}
      title="Upgrade your plan"
      description="Unlock full profiles, exports and more."
      className="max-w-3xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {PLANS.map((plan) => (
          <section
            key={plan.id}
            aria-labelledby={`plan-${plan.id}`}
            className={cn("flex flex-col rounded-xl border p-5", plan.mostPopular ? "border-accent" : "border-border")}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 id={`plan-${plan.id}`} className="flex items-center gap-2 text-lg font-semibold">
                <Crown aria-hidden="true" className="size-5 text-accent" />
                {plan.name}
              </h3>
              {plan.mostPopular ? <Badge variant="accent">Most Popular</Badge> : null}
            </div>
            <p className="mt-2">
              <span className="text-3xl font-bold">${plan.pricePerMonth}</span>
              <span className="text-sm text-fg-muted"> per month</span>
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm">
              {plan.includes.map((item) => (
                <li key={item} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {item}
                </li>
              ))}
            </ul>
            <Button
              className="mt-5 w-full"
              variant={plan.mostPopular ? "primary" : "secondary"}
              disabled={processing !== null || plan.tier === currentTier}
              onClick={() => void choose(plan)}
            >
              {processing === plan.id ? "Processing..." : plan.tier === currentTier ? "Your current plan" : `Choose ${plan.name}`}
            </Button>
          </section>
        ))}
      </div>
      {result ? (
        <p
          role="status"
          className={cn("mt-4 rounded-md px-3 py-2 text-sm", result.ok ? "bg-accent-soft text-fg" : "bg-danger/10 text-danger")}
        >
          {result.message}
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
