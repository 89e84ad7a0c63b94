import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import { BadgeList } from "./profile-layout.tsx";
import { safeHref } from "~/lib/web-url.ts";

interface HeaderProps {
  name: string;
  slug: string;
  logo: string | null;
  tagline: string | null;
  /** A line above the tagline, e.g. "Partner Company". */
  subtitle?: string;
  industry: readonly string[];
  actions?: ReactNode;
}

export function ProfileHeader({ name, slug, logo, tagline, subtitle, industry, actions }: HeaderProps) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <ListingLogo name={name} slug={slug} logo={logo} size="lg" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{name}</h1>
            {subtitle ? <p className="mt-1 text-sm font-medium text-accent">{subtitle}</p> : null}
            {tagline ? <p className="mt-1 text-fg-muted">{tagline}</p> : null}
            {industry.length ? (
              <div className="mt-3">
                <BadgeList items={industry} variant="accent" />
              </div>
            ) : null}
          </div>
        </div>
        {actions ? <div className="flex shrink-0 flex-col gap-2 sm:flex-row md:flex-col lg:flex-row">{actions}</div> : null}
      </div>
    </Card>
  );
}

/** An external website, opened in a new tab without handing it our window; nothing for an address that is not http(s). */
export function WebsiteLink({ url, label = "Visit Website", className }: { url: string; label?: string; className?: string }) {
  const href = safeHref(url);
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: "secondary", className })}>
      <ExternalLink aria-hidden="true" />
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
