import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button.tsx";
import type { LockedField } from "~/features/catalog/listing-types.ts";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";

const TIER_NAME = { public: "Public", subscriber: "Subscriber", premium: "Premium" } as const;

function UpgradeLabel() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface-raised px-3 py-1 text-xs font-semibold text-fg shadow-sm">
      <Lock className="size-3.5 text-accent" aria-hidden="true" />
      Upgrade
    </span>
  );
}

function UnlockRow({ locked }: { locked: LockedField }) {
  const { unlock: openSignIn } = useUnlockPrompt();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <p className="text-sm text-fg-muted">
        <span className="sr-only">Locked for {TIER_NAME[locked.requiredTier]} members. </span>
        {locked.message}
      </p>
      <Button size="sm" variant="secondary" onClick={openSignIn} aria-haspopup="dialog">
        <Lock aria-hidden="true" />
        Unlock
      </Button>
    </div>
  );
}

/**
 * A restricted field in preview mode (spec 01 §4). The server sent only the placeholder (DESIGN D6), so the
 * blur is drawn over that placeholder, never over a real value. `compact` suits a single figure in a stat.
 */
export function LockedPlaceholder({ locked, compact = false }: { locked: LockedField; compact?: boolean }) {
  if (compact) {
    return (
      <div className="flex flex-col gap-2" title={locked.message}>
        <div className="flex items-center gap-3">
          <span aria-hidden="true" className="text-lg font-semibold text-fg-muted blur-[3px] select-none">
            {locked.placeholder || "$X.X"}
          </span>
          <UpgradeLabel />
        </div>
        <UnlockRow locked={locked} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-dashed border-border bg-surface-muted p-4">
      <div className="relative" title={locked.message}>
        <div aria-hidden="true" className="pointer-events-none flex flex-col gap-2 blur-[3px] select-none">
          {locked.placeholder ? <p className="text-sm leading-relaxed text-fg-muted">{locked.placeholder}</p> : null}
          {/* Decorative lines give short or empty placeholders the body a real section would have. */}
          <div className="flex flex-col gap-2 py-1">
            <span className="h-3 w-11/12 rounded bg-fg-muted/40" />
            <span className="h-3 w-9/12 rounded bg-fg-muted/40" />
            {locked.placeholder.length > 60 ? null : <span className="h-3 w-10/12 rounded bg-fg-muted/40" />}
          </div>
        </div>
        <div className="absolute inset-0 flex items-center justify-center">
          <UpgradeLabel />
        </div>
      </div>
      <UnlockRow locked={locked} />
    </div>
  );
}

/** The field's content, or its placeholder when the viewer may not see it. */
export function Gated({ lock, compact, children }: { lock: LockedField | undefined; compact?: boolean; children: ReactNode }) {
  return lock ? <LockedPlaceholder locked={lock} compact={compact} /> : <>{children}</>;
}
