import type { ReactNode } from "react";
import { cn } from "~/lib/cn.ts";

/** Steps in order, each behind a round number (read as "Step 2:" by screen readers, shown as the badge). */
export function NumberedSteps({ steps, className, itemClassName }: { steps: ReactNode[]; className?: string; itemClassName?: string }) {
  return (
    <ol className={cn("flex flex-col gap-3", className)}>
      {steps.map((step, i) => (
        <li key={i} className="flex items-start gap-3">
          <span
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-fg"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          <span className={cn("min-w-0 pt-0.5 leading-relaxed break-words", itemClassName)}>
            <span className="sr-only">Step {i + 1}: </span>
            {step}
          </span>
        </li>
      ))}
    </ol>
  );
}
