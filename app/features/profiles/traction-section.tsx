import { TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { formatAmount, MISSING, revenueLabel, roundTypeLabel } from "~/features/catalog/format.ts";
import { Gated } from "./locked-section.tsx";
import { Section } from "./profile-layout.tsx";

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-border p-4">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

function formatDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
}

/** Startup traction: revenue range (gated), funding stage, and the funding rounds when there are any. */
export function TractionSection({ listing }: { listing: VisibleListing }) {
  const rounds = listing.fundingRounds;
  return (
    <Section title="Traction" icon={TrendingUp}>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Stat label="Revenue Range">
          <Gated lock={listing.lockedFields.revenueRange} compact>
            <span className="text-lg font-semibold">{revenueLabel(listing.revenueRange) ?? MISSING}</span>
          </Gated>
        </Stat>
        <Stat label="Funding Stage">
          <span className="text-lg font-semibold">{listing.fundingStage ?? MISSING}</span>
        </Stat>
      </dl>
      {rounds.length ? (
        <div className="mt-6">
          <h3 className="text-sm font-semibold tracking-wide text-fg-muted uppercase">Funding Rounds</h3>
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
            {rounds.map((round, i) => (
              <li key={`${round.roundType}-${round.fundingDate ?? i}`} className="flex items-start justify-between gap-4 p-3">
                <div className="min-w-0">
                  <p className="font-medium">{roundTypeLabel(round.roundType)}</p>
                  {round.investors ? <p className="text-sm text-fg-muted">{round.investors}</p> : null}
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold">{formatAmount(round.amount)}</p>
                  {round.fundingDate ? <p className="text-sm text-fg-muted">{formatDate(round.fundingDate)}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}
