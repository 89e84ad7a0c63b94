import { cn } from "~/lib/cn.ts";
import { DEMO_PRICE_NOTE, formatPrice, type BillingInterval } from "./plan-catalogue.ts";
import { useBillingMode } from "./use-plan-catalogue.ts";

/**
 * A plan's price as every page shows it: "$29 per month", and in demo billing "Demo: no payment is taken" beside it
 * (DESIGN D17), so no price on the site reads as a charge that will not happen.
 */
export function PlanPrice({
  price,
  interval = "monthly",
  size = "text",
  className,
}: {
  price: number;
  interval?: BillingInterval;
  /** "large": the figure as a headline (the upgrade dialog). */
  size?: "text" | "large";
  className?: string;
}) {
  const demo = useBillingMode() === "demo";
  const per = interval === "monthly" ? "per month" : "per year";
  return (
    <span className={cn("inline-flex flex-wrap items-baseline gap-x-1.5", className)} data-plan-price="">
      {size === "large" ? <span className="text-3xl font-bold">{formatPrice(price)}</span> : <span>{formatPrice(price)}</span>}{" "}
      <span className={size === "large" ? "text-sm text-fg-muted" : undefined}>{per}</span>
      {demo ? " " : null}
      {demo ? (
        <span className="rounded bg-warning/15 px-1.5 py-0.5 text-xs font-medium text-fg" data-demo-note="">
          {DEMO_PRICE_NOTE}
        </span>
      ) : null}
    </span>
  );
}
