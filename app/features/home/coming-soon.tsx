import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";

/** A button for a feature that is announced but not built: shown, disabled, labelled "Coming Soon" (spec 01 §1). */
export function ComingSoonButton({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // Kept at full opacity so the label stays readable; the dashed border and muted text say "not yet".
    <Button
      variant="secondary"
      disabled
      className={cn(
        "h-auto min-h-10 justify-between gap-3 border-dashed bg-transparent py-2 text-left whitespace-normal text-fg-muted disabled:opacity-100",
        className,
      )}
    >
      {children}
      <Badge variant="neutral" className="shrink-0 px-2 py-0 text-[11px]">
        Coming Soon
      </Badge>
    </Button>
  );
}

/** The landing page's three announced features. */
export function ComingSoonBand() {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto max-w-7xl px-4 pb-8 [contain-intrinsic-size:auto_400px] [content-visibility:auto] sm:px-6"
    >
      <div className="flex flex-col gap-6 rounded-xl border border-border bg-surface-muted p-4 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id="coming-soon-title" className="text-lg font-semibold">
            More ways to grow
          </h2>
          <p className="mt-1 text-sm text-fg-muted">We are building these next.</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <ComingSoonButton>Browse Startup Solutions</ComingSoonButton>
          <ComingSoonButton>Grow with Partners</ComingSoonButton>
          <ComingSoonButton>Join Waitlist</ComingSoonButton>
        </div>
      </div>
    </section>
  );
}
