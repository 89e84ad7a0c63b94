import { AlertTriangle, Crown, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button.tsx";
import { gateAppearance, type GatingMode } from "~/features/access/gating-modes.ts";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import type { LockedField } from "~/features/catalog/listing-types.ts";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { cn } from "~/lib/cn.ts";
import { PAYWALLED_CLASS } from "./gated-sections.ts";

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
  const plan = usePlanCatalogue()[locked.requiredTier].name;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <p className="text-sm text-fg-muted">
        <span className="sr-only">Locked for {plan} members. </span>
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
      <div className={cn(PAYWALLED_CLASS, "flex flex-col gap-2")} title={locked.message}>
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
    <div className={cn(PAYWALLED_CLASS, "flex flex-col gap-3 rounded-lg border border-dashed border-border bg-surface-muted p-4")}>
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

const ICONS = { lock: Lock, crown: Crown, alert: AlertTriangle } as const;

/**
 * Default mode (spec 01 §4): the placeholder shows as it is, and hovering or focusing it brings up a lock
 * overlay; clicking opens the way in. Only the placeholder is on the page (DESIGN D6).
 */
function DefaultModeGate({ locked }: { locked: LockedField }) {
  const { unlock } = useUnlockPrompt();
  const look = gateAppearance("tier", "default");
  const Icon = ICONS[look.icon];
  return (
    <button
      type="button"
      onClick={unlock}
      aria-haspopup="dialog"
      title={locked.message}
      className={cn(PAYWALLED_CLASS, "group relative w-full rounded-lg border border-dashed border-border p-3 text-left")}
    >
      <span className="text-sm text-fg-muted">{locked.placeholder || locked.message}</span>
      <span className="absolute inset-0 flex items-center justify-center gap-1.5 rounded-lg bg-surface-raised/85 text-sm font-semibold opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
        <Icon aria-hidden="true" className="size-4 text-accent" />
        {look.label}
        <span className="sr-only">: {locked.message}</span>
      </span>
    </button>
  );
}

/** Ghost mode (spec 01 §4): no placeholder body, only a ghost button with the gate's icon and message. */
function GhostModeGate({ locked }: { locked: LockedField }) {
  const { unlock } = useUnlockPrompt();
  const Icon = ICONS[gateAppearance("tier", "ghost").icon];
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={unlock}
      aria-haspopup="dialog"
      className={cn(PAYWALLED_CLASS, "h-auto py-2 whitespace-normal text-fg-muted")}
    >
      <Icon aria-hidden="true" className="text-accent" />
      <span>
        {locked.placeholder ? `${locked.placeholder}. ` : ""}
        {locked.message}
      </span>
    </Button>
  );
}

/**
 * The field's content, or, when the viewer may not see it, its gate in one of spec 01 §4's modes: preview
 * (blurred placeholder with an Upgrade overlay, the default here), default (placeholder with a hover lock) or
 * ghost (a button only).
 */
export function Gated({
  lock,
  compact,
  mode = "preview",
  children,
}: {
  lock: LockedField | undefined;
  compact?: boolean;
  mode?: GatingMode;
  children: ReactNode;
}) {
  if (!lock) return <>{children}</>;
  if (mode === "default") return <DefaultModeGate locked={lock} />;
  if (mode === "ghost") return <GhostModeGate locked={lock} />;
  return <LockedPlaceholder locked={lock} compact={compact} />;
}
