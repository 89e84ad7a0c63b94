import { Handshake, Send } from "lucide-react";
import { useState, type ComponentType } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { usePlanCatalogue } from "~/features/access/use-plan-catalogue.ts";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import { IntroRequestDialog } from "~/features/introductions/intro-request-dialog-lazy.ts";
import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";
import type { MatchSide } from "./match-score.ts";
import { lockedMatchesMessage, type MatchesView, type MatchSuggestion } from "./matches-view.ts";

/** The profile's own locked section (profiles/locked-section.tsx), passed in: the one look of everything kept back. */
type LockedSectionComponent = ComponentType<{ subject: string; message: string; note: string }>;

const NOUN: Record<MatchSide, string> = { investors: "Investors", startups: "Startups" };

function SuggestionRow({ item, onRequest }: { item: MatchSuggestion; onRequest: (recipient: IntroRecipient) => void }) {
  const href = `/profile/${item.type}/${item.slug}`;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-match={item.slug}>
      <Link to={href} className="flex min-w-0 flex-1 items-start gap-3 rounded-lg hover:bg-surface-muted sm:-m-2 sm:p-2">
        <ListingLogo name={item.name} slug={item.slug} logo={item.logo} size="sm" lazy />
        <span className="min-w-0">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{item.name}</span>
            <span className="text-xs text-fg-muted" title="How well it fits, out of 100">
              {item.score}% fit
            </span>
          </span>
          <span className="block text-sm text-fg-muted">{item.summary}</span>
        </span>
      </Link>
      <Button
        variant="secondary"
        size="sm"
        // Under the name on a phone, in line with it (the logo's 40 px and the 12 px gap); beside it on wider screens.
        className="ml-13 self-start sm:ml-0 sm:self-center"
        aria-haspopup="dialog"
        onClick={() => onRequest({ name: item.name, type: item.type, slug: item.slug })}
      >
        <Send aria-hidden="true" />
        Request Introduction<span className="sr-only"> to {item.name}</span>
      </Button>
    </li>
  );
}

/**
 * "Investors that fit Acme" on a startup's profile, "Startups that fit Fund" on an investor's (decision 0064): each
 * suggestion with its reasons in words, a link to its profile and the introduction request; below the feature's tier,
 * the locked section with the way to subscribe. The server sent only what this viewer may see.
 */
export function MatchSuggestions({
  view,
  subject,
  locked: Locked,
}: {
  view: MatchesView;
  subject: string;
  locked: LockedSectionComponent;
}) {
  const plans = usePlanCatalogue();
  const [recipient, setRecipient] = useState<IntroRecipient | null>(null);
  if (view.status === "none") return null;
  const title = `${NOUN[view.side]} that fit ${subject}`;
  return (
    <Card className="p-5 sm:p-6" data-matches={view.status}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Handshake className="size-5 shrink-0 text-accent" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-4">
        {view.status === "locked" ? (
          <Locked
            subject={`the ${view.side} that fit ${subject}`}
            message={lockedMatchesMessage(view.side, subject, view.requiredTier)}
            note={`Available to ${plans[view.requiredTier].name} members`}
          />
        ) : view.items.length === 0 ? (
          <p className="text-sm text-fg-muted">No {view.side} fit this profile yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {view.items.map((item) => (
              <SuggestionRow key={item.slug} item={item} onRequest={setRecipient} />
            ))}
          </ul>
        )}
      </div>
      {view.status === "ok" ? (
        <IntroRequestDialog open={recipient !== null} onOpenChange={(open) => !open && setRecipient(null)} recipient={recipient} />
      ) : null}
    </Card>
  );
}
