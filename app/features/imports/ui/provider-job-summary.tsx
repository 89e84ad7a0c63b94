import type { ListingLinks, ProviderJobSummaryData } from "../provider/provider-job-summary.server.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One list of listings the job touched: the first few as links, and how many more there are. */
function ListingList({ title, links }: { title: string; links: ListingLinks }) {
  if (links.total === 0) return null;
  const more = links.total - links.items.length;
  return (
    <details className="mt-2" data-testid={`import-listings-${title.toLowerCase().replace(/\W+/g, "-")}`}>
      <summary className="cursor-pointer text-xs font-medium">
        {title} ({links.total})
      </summary>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {links.items.map((item) => (
          <li key={item.id}>
            {item.href ? (
              <a href={item.href} className="text-accent underline-offset-2 hover:underline">
                {item.name}
              </a>
            ) : (
              <span className="text-fg-muted">{item.name}</span>
            )}
          </li>
        ))}
        {more > 0 ? <li className="text-fg-muted">{`and ${more} more`}</li> : null}
      </ul>
    </details>
  );
}

/**
 * A provider import's card body (issue 32): what was asked, what happened (counts, logos and their first errors) and
 * the listings it created, merged into and sent to review. Plain links and details elements: works without script.
 */
export function ProviderJobSummary({ summary }: { summary: ProviderJobSummaryData }) {
  const { parameters, counts, logos, listings } = summary;
  return (
    <div className="mt-3 text-xs" data-testid="provider-summary">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-3">
        {parameters.map((p) => (
          <div key={p.label} className="flex min-w-0 flex-wrap gap-x-1.5">
            <dt className="text-fg-muted">{p.label}</dt>
            <dd className="min-w-0 font-medium break-words">{p.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2">
        {[
          `${counts.received} received`,
          `${counts.created} created`,
          `${counts.merged} merged`,
          `${counts.review} sent to review`,
          ...(counts.heldForReview ? [`${counts.heldForReview} kept the company's values (incoming ones in Listing changes)`] : []),
          `${counts.updated} updated`,
          `${counts.unchanged} unchanged`,
          `${counts.dropped} dropped`,
          `${counts.failed} failed`,
        ].join(" · ")}
      </p>
      <p className="mt-1">{`Logos: ${logos.copied} copied · ${logos.unchanged} unchanged · ${logos.failed} failed`}</p>
      {logos.errors.length ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-danger">{`First logo ${logos.errors.length === 1 ? "error" : "errors"} (${plural(logos.failed, "failure")} in all)`}</summary>
          <ul className="mt-1 list-disc pl-5 break-words">
            {logos.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <ListingList title="Created" links={listings.created} />
      <ListingList title="Merged into" links={listings.merged} />
      <ListingList title="Sent to review" links={listings.review} />
    </div>
  );
}
