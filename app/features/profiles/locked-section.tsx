import { AlertTriangle, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import type { LockedField } from "~/features/catalog/listing-types.ts";
import { cn } from "~/lib/cn.ts";
import { PAYWALLED_CLASS } from "./gated-sections.ts";

/**
 * "Available to Premium members": the second line of a section locked by tier, naming the plan by the name the
 * upgrade dialog sells it under (the tier record's, decision 0037), not the tier's internal name.
 */
export function useAvailableTo(): (tier: AccessLevel) => string {
  const plans = usePlanCatalogue();
  return (tier) => `Available to ${plans[tier].name} members`;
}

/**
 * The one look of everything a profile keeps from its viewer (decision 0038): a gated field, a whole listing above
 * the viewer's tier, a used-up views quota. The server sent only the placeholder (DESIGN D6), which shows as it is;
 * then a lock, what unlocks it, and the same "Upgrade" button everywhere, which opens the way in (the upgrade dialog
 * for a member, sign-in first for a visitor, as every gate of the site does).
 */
export function LockedSection({
  subject,
  message,
  note,
  placeholder,
  reason = "tier",
  className,
}: {
  /** What is locked, for the button's accessible name: "Upgrade to unlock {subject}". */
  subject: string;
  message: string;
  note: string;
  placeholder?: string;
  /** A used-up quota shows an alert instead of a lock; the button is the same. */
  reason?: "tier" | "quota";
  className?: string;
}) {
  const { unlock } = useUnlockPrompt();
  const Icon = reason === "quota" ? AlertTriangle : Lock;
  return (
    <div
      data-locked-section=""
      className={cn(PAYWALLED_CLASS, "rounded-lg border border-dashed border-border bg-surface-muted p-4", className)}
    >
      {placeholder ? <p className="mb-3 line-clamp-3 text-sm leading-relaxed text-fg-muted italic">{placeholder}</p> : null}
      <div className="flex items-start gap-3 sm:items-center">
        <span
          className={cn(
            "flex size-9 shrink-0 items-center justify-center rounded-full",
            reason === "quota" ? "bg-danger/10 text-danger" : "bg-accent-soft text-accent",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {/* Beside the text on wider screens; under it, in line with it, on a phone. */}
        <div className="flex min-w-0 flex-1 flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium">{message}</p>
            <p className="mt-0.5 text-xs text-fg-muted">{note}</p>
          </div>
          <Button size="sm" onClick={unlock} aria-haspopup="dialog" className="shrink-0">
            <Lock aria-hidden="true" />
            Upgrade<span className="sr-only"> to unlock {subject}</span>
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A field the viewer may not see: its placeholder, message and tier in the locked section. */
export function LockedFieldSection({ lock, subject }: { lock: LockedField; subject: string }) {
  const availableTo = useAvailableTo();
  return <LockedSection subject={subject} message={lock.message} note={availableTo(lock.requiredTier)} placeholder={lock.placeholder} />;
}

/** The field's content, or, when the viewer may not see it, its locked section (the placeholder and the way in). */
export function Gated({ lock, subject, children }: { lock: LockedField | undefined; subject: string; children: ReactNode }) {
  if (!lock) return <>{children}</>;
  return <LockedFieldSection lock={lock} subject={subject} />;
}
