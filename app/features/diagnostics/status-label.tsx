import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn.ts";
import type { ColumnState, Severity } from "./report.ts";

const TONE = {
  good: { className: "text-success", Icon: CheckCircle2 },
  bad: { className: "text-danger", Icon: XCircle },
  warn: { className: "text-warning", Icon: AlertTriangle },
  info: { className: "text-fg-muted", Icon: Info },
} as const;

export type Tone = keyof typeof TONE;

/** A state in words with its icon and colour: the words carry the meaning, the colour only repeats it. */
export function StatusLabel({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) {
  const { className: colour, Icon } = TONE[tone];
  return (
    <span className={cn("inline-flex items-center gap-1 font-medium whitespace-nowrap", colour, className)}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </span>
  );
}

export const COLUMN_TONE: Record<ColumnState, Tone> = { exists: "good", missing: "bad", "type differs": "warn" };
export const SEVERITY_TONE: Record<Severity, Tone> = { error: "bad", warning: "warn", info: "info" };
