import { TrendingUp } from "lucide-react";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import { formatAmount, formatRoundDate, MISSING, revenueLabel, roundTypeLabel } from "~/features/catalog/format.ts";
import { LockedFieldSection } from "./locked-section.tsx";
import { Section, Stat, SubSection } from "./profile-layout.tsx";

/**
 * The Funding section's summary figures from the listing editor (decision 0089): the total raised and the latest
 * round, each only when known. Funding is public on an open profile (decision 0080); a locked one never gets here.
 */
function FundingSummary({ listing }: { listing: VisibleListing }) {
  const { totalFundingRaised: total, latestRoundType: type, latestRoundAmount: amount, latestRoundDate: date } = listing;
  const latest = type || amount !== null || date;
  return (
    <>
      {total !== null ? (
        <Stat label="Total Raised">
          <span className="text-lg font-semibold">{formatAmount(total)}</span>
        </Stat>
      ) : null}
      {latest ? (
        <Stat label="Latest Round">
          <span className="text-lg font-semibold">
            {[type ? roundTypeLabel(type) : null, amount !== null ? formatAmount(amount) : null].filter(Boolean).join(" · ") || "Round"}
          </span>
          {date ? (
            <span className="block text-sm text-fg-muted">
              <time dateTime={date}>{formatRoundDate(date)}</time>
            </span>
          ) : null}
        </Stat>
      ) : null}
    </>
  );
}

/** Startup traction: revenue range (gated), funding stage, and the funding rounds when there are any. */
export function TractionSection({ listing }: { listing: VisibleListing }) {
  const rounds = listing.fundingRounds;
  const revenueLock = listing.lockedFields.revenueRange;
  return (
    <Section title="Traction" icon={TrendingUp} updated={listing.provenance?.traction}>
      <dl className="grid gap-3 sm:grid-cols-2">
        {/* A locked figure is not squeezed into a stat box: it gets the full-width locked section below. */}
        {revenueLock ? null : (
          <Stat label="Revenue Range">
            <span className="text-lg font-semibold">{revenueLabel(listing.revenueRange) ?? MISSING}</span>
          </Stat>
        )}
        <Stat label="Funding Stage">
          <span className="text-lg font-semibold">{listing.fundingStage ?? MISSING}</span>
        </Stat>
        <FundingSummary listing={listing} />
      </dl>
      {revenueLock ? (
        <div className="mt-5">
          <SubSection title="Revenue Range">
            <LockedFieldSection lock={revenueLock} subject="the revenue range" />
          </SubSection>
        </div>
      ) : null}
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
                  {round.fundingDate ? (
                    <p className="text-sm text-fg-muted">
                      <time dateTime={round.fundingDate}>{formatRoundDate(round.fundingDate)}</time>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}
