import { formatRoundDate, roundTypeLabel } from "~/features/catalog/format.ts";
import type { Portfolio, PortfolioCompany } from "./investor-portfolio.ts";
import { ListingLink } from "./listing-link.tsx";

function roundLine(company: PortfolioCompany): string | null {
  const [latest] = company.rounds;
  if (!latest) return null;
  const parts = [roundTypeLabel(latest.roundType)];
  if (latest.fundingDate) parts.push(formatRoundDate(latest.fundingDate));
  if (company.rounds.length > 1) parts.push(`${company.rounds.length} rounds`);
  return parts.join(" · ");
}

/** An investor's portfolio: links to the profiles of the companies whose rounds it joined (only those the viewer may open). */
export function PortfolioList({ portfolio }: { portfolio: Portfolio }) {
  if (!portfolio.companies.length) return <p className="text-sm text-fg-muted">No portfolio companies listed yet.</p>;
  const more = portfolio.total - portfolio.companies.length;
  return (
    <>
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Portfolio companies">
        {portfolio.companies.map((company) => (
          <li key={company.slug}>
            <ListingLink listing={company} detail={roundLine(company)} className="border border-border p-3 transition-colors" />
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-3 text-sm text-fg-muted">and {more} more</p> : null}
    </>
  );
}
