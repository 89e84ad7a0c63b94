import { cn } from "~/lib/cn.ts";
import { quotaIndicatorText, quotaLowMessage, quotaTooltip, type QuotaStatus, type QuotaType } from "./quotas.ts";

const BAR: Record<QuotaStatus, string> = {
  unlimited: "bg-success",
  healthy: "bg-success",
  warning: "bg-warning",
  critical: "bg-danger",
  depleted: "bg-danger",
};

/**
 * Spec 01 §4's quota indicator: a small progress bar plus "remaining/limit type", with the tooltip
 * "{n} {type} remaining this month" (also given to screen readers). Unlimited quotas show no bar.
 */
export function QuotaIndicator({
  type,
  remaining,
  limit,
  status,
  className,
}: {
  type: QuotaType;
  remaining: number;
  limit: number;
  status: QuotaStatus;
  className?: string;
}) {
  if (status === "unlimited") return <p className={cn("text-xs text-fg-muted", className)}>Unlimited {type}</p>;
  const tooltip = quotaTooltip(remaining, type);
  return (
    <div className={cn("grid gap-1", className)} title={tooltip}>
      <div className="flex items-center gap-2">
        <div
          role="progressbar"
          aria-label={tooltip}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={remaining}
          className="h-1.5 w-24 overflow-hidden rounded-full bg-surface-muted"
        >
          <div className={cn("h-full rounded-full", BAR[status])} style={{ width: `${limit > 0 ? (100 * remaining) / limit : 0}%` }} />
        </div>
        <span className="text-xs text-fg-muted tabular-nums">{quotaIndicatorText(remaining, limit, type)}</span>
      </div>
      {status === "warning" || status === "critical" ? <p className="text-xs text-warning">{quotaLowMessage(remaining, type)}</p> : null}
    </div>
  );
}
