import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { SampleField, SampleListing, SampleTeam } from "./crawler-sample.ts";

const TIER_NAME = { public: "Public", subscriber: "Subscriber", premium: "Premium" } as const;

/**
 * A gated value as the crawler got it: its placeholder and message, never the value. Marked restricted (dimmed,
 * not clickable) until crawler view is on; then it is shown in full and links to the profile it stands for.
 */
function Restricted({ href, crawlerView, children }: { href: string; crawlerView: boolean; children: ReactNode }) {
  const body = (
    <>
      <Lock className="mt-0.5 size-3.5 shrink-0 text-accent" aria-hidden="true" />
      <span>
        <span className="sr-only">Restricted: </span>
        {children}
      </span>
    </>
  );
  if (crawlerView)
    return (
      <Link to={href} className="inline-flex items-start gap-1.5 rounded-sm text-sm text-fg underline-offset-4 hover:underline">
        {body}
      </Link>
    );
  return (
    <span
      data-restricted="true"
      aria-disabled="true"
      className="pointer-events-none inline-flex items-start gap-1.5 text-sm opacity-50 select-none"
    >
      {body}
    </span>
  );
}

function FieldValue({ field, href, crawlerView }: { field: SampleField | SampleTeam; href: string; crawlerView: boolean }) {
  if (field.state === "empty") return <span className="text-sm text-fg-muted">Not provided</span>;
  if (field.state === "gated")
    return (
      <Restricted href={href} crawlerView={crawlerView}>
        {field.placeholder ? (
          <>
            {field.placeholder} <span className="text-fg-muted">({field.message})</span>
          </>
        ) : (
          field.message
        )}
      </Restricted>
    );
  if ("names" in field) return <span className="text-sm">{field.names.join(", ")}</span>;
  return <span className="line-clamp-3 text-sm">{field.text}</span>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One of the first five listings, field by field, as a crawler receives it (spec 02 §2). */
export function SampleCard({ listing, crawlerView }: { listing: SampleListing; crawlerView: boolean }) {
  const { href } = listing;
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="crawler-sample">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words">
            <Link to={href} className="hover:text-accent hover:underline">
              {listing.name}
            </Link>
          </h3>
          {listing.tagline ? <p className="mt-1 text-sm text-fg-muted">{listing.tagline}</p> : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="accent">{listing.typeLabel}</Badge>
          {listing.lockedTo ? <Badge variant="outline">{TIER_NAME[listing.lockedTo]} listing</Badge> : null}
          {listing.noindex ? <Badge variant="outline">noindex</Badge> : null}
        </div>
      </div>
      <dl className="flex flex-col gap-3">
        <Row label="Problem">
          <FieldValue field={listing.problem} href={href} crawlerView={crawlerView} />
        </Row>
        <Row label="Solution">
          <FieldValue field={listing.solution} href={href} crawlerView={crawlerView} />
        </Row>
        <Row label="Revenue Range">
          <FieldValue field={listing.revenueRange} href={href} crawlerView={crawlerView} />
        </Row>
        <Row label="Team">
          <FieldValue field={listing.team} href={href} crawlerView={crawlerView} />
        </Row>
        <Row label="Industries">
          {listing.industry.length ? (
            <ul className="flex flex-wrap gap-1.5">
              {listing.industry.map((name) => (
                <li key={name}>
                  <Badge>{name}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-sm text-fg-muted">Not provided</span>
          )}
        </Row>
      </dl>
    </Card>
  );
}
