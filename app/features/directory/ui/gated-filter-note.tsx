import { Lock } from "lucide-react";
import { useLocation } from "react-router";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { gatedFilterSentence, GATED_FILTER_SUBJECTS, type GatedFilter } from "../gated-filters.ts";

/**
 * In place of a filter's counts when the viewer's plan is not shown its value (decision 0085): whose plan shows it, and
 * the site's one way in (sign-in for a visitor, the upgrade dialog for a member). A link first, so it leads somewhere
 * before JavaScript too; the dialog once the page is hydrated.
 */
export function GatedFilterNote({ gate }: { gate: GatedFilter }) {
  const plans = usePlanCatalogue();
  const user = useCurrentUser();
  const { unlock } = useUnlockPrompt();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const subject = GATED_FILTER_SUBJECTS[gate.filter].toLowerCase();
  const href = user ? "/settings/billing" : `/sign-in?returnTo=${encodeURIComponent(pathname + search)}`;
  return (
    <div data-gated-filter={gate.filter} className="rounded-lg border border-dashed border-border bg-surface-muted p-3">
      <p className="flex items-start gap-2 text-sm font-medium">
        <Lock className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        {`${gatedFilterSentence(gate.filter, plans[gate.requiredTier].name)}.`}
      </p>
      <p className="mt-1 text-xs text-fg-muted">With their plan you can filter and count listings by {subject}.</p>
      <a
        href={href}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={(event) => {
          event.preventDefault();
          unlock();
        }}
        className={buttonClass({ size: "sm", className: "mt-3" })}
      >
        <Lock aria-hidden="true" />
        Upgrade<span className="sr-only"> to filter by {subject}</span>
      </a>
    </div>
  );
}
