import { ArrowLeft, CircleCheck, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { SectionProvenance } from "~/features/catalog/field-provenance.ts";
import { cn } from "~/lib/cn.ts";

export function BackToListings() {
  return (
    <Link to="/listings" className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-fg-muted hover:text-fg">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to listings
    </Link>
  );
}

export function Section({
  title,
  icon: Icon,
  children,
  className,
  updated,
}: {
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
  className?: string;
  /** Where the section's newest visible value came from, and when (decision 0068). */
  updated?: SectionProvenance;
}) {
  return (
    <Card className={cn("p-5 sm:p-6", className)}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {Icon ? <Icon className="size-5 text-accent" aria-hidden="true" /> : null}
        {title}
      </h2>
      {updated ? (
        <p className="mt-1 text-xs text-fg-muted" data-provenance="">
          {updated.text}
        </p>
      ) : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/** A titled part inside a section. */
export function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-semibold tracking-wide text-fg-muted uppercase">{title}</h3>
      <div className="mt-2">{children}</div>
    </div>
  );
}

export function BadgeList({
  items,
  variant = "neutral",
  empty = "Not specified",
}: {
  items: readonly string[];
  variant?: "neutral" | "accent" | "outline";
  empty?: string;
}) {
  if (!items.length) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Badge variant={variant}>{item}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** A labelled figure in a grid of key facts (a `<dl>`): traction, an investor's ticket size. */
export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-border p-4">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

/** The sidebar's call to action: a request button and why one would connect. */
export function ConnectCard({ title, reasons, children }: { title: string; reasons: readonly string[]; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4 flex flex-col gap-3">{children}</div>
      {reasons.length ? (
        <ul className="mt-5 flex flex-col gap-2.5 text-sm">
          {reasons.map((reason) => (
            <li key={reason} className="flex items-start gap-2">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
