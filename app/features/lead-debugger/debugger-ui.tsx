/**
 * Small pieces the debugger's tabs share: the one fetcher every form posts through, the form that works with and
 * without JavaScript, the status badge, the response viewer and the switch.
 */
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { cn } from "~/lib/cn.ts";
import type { ActionResult } from "./debugger-forms.ts";
import type { StepStatus } from "./debugger-state.ts";
import { statusText, summaryHeadline } from "./step-outcome.ts";

const DEBUGGER_PATH = "/debug/leads-on-trees";
const FETCHER_KEY = "lead-debugger";

/**
 * One fetcher for the whole page: the server runs one step at a time per session anyway, and every part of the
 * page can then see what is being submitted (the running step, the workflow) and the last answer.
 */
export function useDebuggerFetcher() {
  return useFetcher<ActionResult>({ key: FETCHER_KEY });
}

/** What is being submitted now, if anything: its intent and step. */
export function usePending(): { intent: string | null; step: string | null } {
  const fetcher = useDebuggerFetcher();
  if (fetcher.state === "idle" || !fetcher.formData) return { intent: null, step: null };
  return { intent: String(fetcher.formData.get("intent") ?? ""), step: String(fetcher.formData.get("step") ?? "") || null };
}

/**
 * A form posting to the page's action: through the fetcher once the page has JavaScript (no reload), as a plain
 * POST without it. The tab is in the action's URL, so a plain POST comes back to the same tab.
 */
export function DebuggerForm({
  tab,
  className,
  children,
  ...rest
}: {
  tab: string;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
  "aria-labelledby"?: string;
}) {
  const fetcher = useDebuggerFetcher();
  return (
    <fetcher.Form method="post" action={`${DEBUGGER_PATH}?tab=${tab}`} className={className} {...rest}>
      {children}
    </fetcher.Form>
  );
}

const STATUS_STYLE: Record<StepStatus, { label: string; dot: string; badge: string }> = {
  pending: { label: "Pending", dot: "bg-fg-muted/40", badge: "border-border text-fg-muted" },
  running: { label: "Running", dot: "bg-accent motion-safe:animate-pulse", badge: "border-accent/50 bg-accent-soft text-accent" },
  completed: { label: "Completed", dot: "bg-success", badge: "border-success/40 bg-success/10 text-success" },
  completed_with_errors: {
    label: "Completed with errors",
    dot: "bg-warning",
    badge: "border-warning/40 bg-warning/10 text-warning",
  },
  failed: { label: "Failed", dot: "bg-danger", badge: "border-danger/40 bg-danger/10 text-danger" },
  pending_confirmation: {
    label: "Awaiting confirmation",
    dot: "bg-warning",
    badge: "border-warning/40 bg-warning/10 text-warning",
  },
};

/** "Completed with 19 errors" when the count is known; the status's name otherwise. */
export function statusLabel(status: StepStatus, errors = 0): string {
  return (errors > 0 ? statusText(status, errors) : null) ?? STATUS_STYLE[status].label;
}

export function StatusBadge({ status, errors = 0 }: { status: StepStatus; errors?: number }) {
  return (
    <span
      data-status={status}
      className={cn("inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium", STATUS_STYLE[status].badge)}
    >
      <span aria-hidden="true" className={cn("size-2 rounded-full", STATUS_STYLE[status].dot)} />
      {statusLabel(status, errors)}
    </span>
  );
}

export function StatusDot({ status, className }: { status: StepStatus; className?: string }) {
  return <span aria-hidden="true" data-status={status} className={cn("block size-4 rounded-full", STATUS_STYLE[status].dot, className)} />;
}

/** A step's JSON answer, pretty-printed; focusable so a keyboard can scroll it. */
export function ResponseViewer({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return <p className="text-sm text-fg-muted">No response yet.</p>;
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="max-h-72 overflow-auto rounded-lg border border-border bg-surface-muted p-3 font-mono text-xs leading-relaxed focus-visible:outline-2"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** A checkbox shown as a switch; a plain form posts "on" when it is on. */
export function Switch({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-start gap-3 rounded-lg border border-border p-3">
      <input type="checkbox" role="switch" name={name} defaultChecked={defaultChecked} className="mt-1 size-4 accent-accent" />
      <span>
        <span className="text-sm font-medium">{label}</span>
        <span className="block text-xs text-fg-muted">{hint}</span>
      </span>
    </label>
  );
}

const ALERT_TONE = {
  danger: "border-danger/40 bg-danger/10",
  warning: "border-warning/40 bg-warning/10",
  success: "border-success/40 bg-success/10",
} as const;

export function Alert({ children, tone = "danger" }: { children: ReactNode; tone?: keyof typeof ALERT_TONE }) {
  return (
    <div role={tone === "success" ? "status" : "alert"} className={cn("rounded-lg border px-3 py-2 text-sm", ALERT_TONE[tone])}>
      {children}
    </div>
  );
}

/** A step's account of what happened, and the first of its records' errors (the full list is in the log). */
export function StepOutcome({ summary, firstErrors, label }: { summary: string | null; firstErrors: string[]; label: string }) {
  if (!summary) return null;
  return (
    <div className="space-y-1 text-sm">
      <p>{firstErrors.length > 0 ? summaryHeadline(summary) : summary}</p>
      {firstErrors.length > 0 ? (
        <ul aria-label={label} className="list-disc space-y-0.5 pl-5 text-xs break-words">
          {firstErrors.map((error, i) => (
            <li key={i}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
