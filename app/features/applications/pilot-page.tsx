import { Check, CircleCheck, Handshake, Quote, TrendingUp, Workflow } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { PilotApplicationForm } from "./pilot-application-form.tsx";
import type { PilotField } from "./pilot-application.ts";
import { PilotDialog } from "./pilot-dialog-lazy.ts";
import { applyForPilotLabel, PILOT_NOTE, PILOT_OFFER } from "./pilot-offer.ts";

const VALUES = [
  {
    title: `${PILOT_OFFER.introsPromised} Warm Intros in ${PILOT_OFFER.pilotDays} Days`,
    text: "Introductions to partners who already serve your buyers, each one agreed to by both sides before it happens.",
    Icon: Handshake,
  },
  {
    title: "A Partner Growth System",
    text: "Target partner profiles, a clear partner offer and a repeatable process your team keeps after the pilot.",
    Icon: Workflow,
  },
  {
    title: "Compounding Revenue",
    text: "Partners refer again and again. Growth that builds on itself, without cold outreach or paid lists.",
    Icon: TrendingUp,
  },
] as const;

const PLANS = [
  {
    title: `Pilot (${PILOT_OFFER.pilotDays} days)`,
    summary: "Prove the channel works for you, fast.",
    items: [
      "Map your ideal partners and the signals that matter",
      "Shortlist partners who already sell to your buyers",
      `${PILOT_OFFER.introsPromised} warm, consent-based introductions`,
      "A one-page partner offer and intro messaging",
      "Weekly check-ins and a results review on day 30",
    ],
  },
  {
    title: "Ongoing System",
    summary: "Turn the first wins into a lasting channel.",
    items: [
      "A steady flow of curated partner intros every month",
      "Partner onboarding, enablement and co-selling support",
      "Tracking of partner-sourced pipeline and revenue",
      "Quarterly reviews of what works and where to expand",
      "Compensation tied to the results we deliver",
    ],
  },
] as const;

const AUDIENCE = [
  "B2B SaaS or tech-enabled startups",
  "Seed to Series A",
  "Founders or VP Sales without a full BD team",
  "Teams looking to raise, expand or unlock go-to-market",
] as const;

function SectionHeading({ id, title, intro }: { id: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className="mt-3 text-fg-muted">{intro}</p> : null}
    </div>
  );
}

function PricingSection() {
  return (
    <section aria-labelledby="pricing-title" id="pricing" className="border-y border-border bg-surface-muted">
      <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <SectionHeading id="pricing-title" title="Pricing" intro="Start with a fixed-scope pilot. Continue only if it works for you." />
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border-2 border-accent bg-surface-raised p-6 shadow-sm">
            <h3 className="font-semibold">Pilot ({PILOT_OFFER.pilotDays} days)</h3>
            <p className="mt-4 text-3xl font-bold tracking-tight">{PILOT_OFFER.pilotPrice}</p>
            <p className="mt-2 text-sm text-fg-muted">One fixed fee for the {PILOT_OFFER.pilotDays}-day pilot, agreed before we start.</p>
          </div>
          <div className="rounded-xl border border-border bg-surface-raised p-6 shadow-sm">
            <h3 className="font-semibold">Retainer after the pilot</h3>
            <p className="mt-4 text-3xl font-bold tracking-tight">
              {PILOT_OFFER.retainerPrice}
              <span className="text-base font-medium text-fg-muted"> per month</span>
            </p>
            <p className="mt-2 text-sm text-fg-muted">
              Depending on success-based compensation: the more of our fee tied to results, the lower the retainer.
            </p>
          </div>
        </div>
        <ul className="mt-8 flex flex-col gap-3 text-sm sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-8">
          {[
            `Cohort of ${PILOT_OFFER.cohortSize} startups`,
            `${PILOT_OFFER.earlyDiscountPercent}% discount for the first ${PILOT_OFFER.cohortSize} clients`,
            `${PILOT_OFFER.introsPromised} intros in ${PILOT_OFFER.pilotDays} days`,
          ].map((fact) => (
            <li key={fact} className="flex items-center gap-2">
              <CircleCheck className="size-4 shrink-0 text-accent" aria-hidden="true" />
              {fact}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The offer in one line, with the apply button and the way to the prices. */
function HeroSection({ apply }: { apply: ReactNode }) {
  return (
    <section aria-labelledby="pilot-title" className="relative isolate overflow-hidden border-b border-border">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_50%_0%,var(--color-accent-soft),transparent)]"
      />
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <Badge variant="outline" className="bg-surface-raised">
          Cohort of {PILOT_OFFER.cohortSize} startups · {PILOT_OFFER.earlyDiscountPercent}% early-access discount
        </Badge>
        <h1 id="pilot-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {/* Keeps the dash at the end of a line when the title wraps; the text stays as the spec words it. */}
          Partner-Led <span className="whitespace-nowrap">Growth -</span> Done for You
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-fg-muted">
          We find, vet and introduce the partners who already sell to your buyers, then help you turn those introductions into a channel
          that keeps growing.
        </p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          {apply}
          <a href="#pricing" className={buttonClass({ variant: "secondary", size: "lg" })}>
            See pricing
          </a>
        </div>
      </div>
    </section>
  );
}

/** What a team gets from the pilot. */
function ValuesSection() {
  return (
    <section aria-labelledby="values-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="values-title" title="What you get" />
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {VALUES.map(({ title, text, Icon }) => (
          <li key={title} className="rounded-xl border border-border bg-surface-raised p-6 shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-6 text-fg-muted">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The pilot beside the ongoing system. */
function PlansSection() {
  return (
    <section aria-labelledby="plans-title" className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
      <SectionHeading
        id="plans-title"
        title="Pilot versus ongoing system"
        intro="The pilot proves the channel. The ongoing system scales it."
      />
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {PLANS.map(({ title, summary, items }) => (
          <div key={title} className="rounded-xl border border-border bg-surface-raised p-6 shadow-sm">
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-fg-muted">{summary}</p>
            <ul className="mt-6 space-y-3 text-sm">
              {items.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Who the pilot is for. */
function AudienceSection() {
  return (
    <section aria-labelledby="audience-title" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
      <SectionHeading id="audience-title" title="Who It's For" />
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {AUDIENCE.map((item) => (
          <li key={item} className="flex items-start gap-3 rounded-lg border border-border bg-surface-raised p-4 text-sm font-medium">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A note from the founder. */
function FounderNote() {
  return (
    <section aria-labelledby="founder-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <SectionHeading id="founder-title" title="A note from our founder" />
      <figure className="mt-8 rounded-xl border border-border bg-surface-raised p-6 shadow-sm sm:p-8">
        <Quote className="size-8 text-accent" aria-hidden="true" />
        <blockquote className="mt-4 space-y-4 text-base leading-7 sm:text-lg sm:leading-8">
          <p>
            Most early-stage teams know partners could be their best channel, and most never get one going. There is no time to find the
            right partners, and cold outreach to them rarely works.
          </p>
          <p>
            We run the pilot with a small cohort so that every team gets our full attention. If we cannot see how to help you, we will tell
            you before you pay anything.
          </p>
        </blockquote>
        <figcaption className="mt-6 text-sm">
          <span className="font-semibold">Founder</span>
          <span className="text-fg-muted">, Introbase</span>
        </figcaption>
      </figure>
    </section>
  );
}

/**
 * The /pilot page (spec 01): the offer, and the application form. With JavaScript the apply buttons open the
 * dialog; without it (and before hydration) they are links to this page with the form shown in place
 * (`?apply`), and a post comes back here with its errors beside the fields or its confirmation.
 */
export function PilotPage({ slotsOpen, showForm, result }: { slotsOpen: number; showForm: boolean; result?: FormResult<PilotField> }) {
  const [applyOpen, setApplyOpen] = useState(false);
  const hydrated = useHydrated();
  const label = applyForPilotLabel(slotsOpen);
  const apply = hydrated ? (
    <Button size="lg" onClick={() => setApplyOpen(true)}>
      {label}
    </Button>
  ) : (
    <a href="/pilot?apply#apply-form" className={buttonClass({ size: "lg" })}>
      {label}
    </a>
  );
  return (
    <>
      <HeroSection apply={apply} />

      <ValuesSection />

      <PlansSection />

      <AudienceSection />

      <PricingSection />

      <FounderNote />

      <section aria-labelledby="apply-title" className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="rounded-2xl bg-accent-soft px-6 py-12 text-center sm:px-12">
          <h2 id="apply-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Ready to grow through partners?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-fg-muted">{PILOT_NOTE}</p>
          <div className="mt-8 flex justify-center">{apply}</div>
          {/* The form without JavaScript: asked for by the apply link, or posted and sent back with its answer. */}
          {result || showForm ? (
            <div id="apply-form" className="mx-auto max-w-2xl text-left">
              <PilotApplicationForm result={result} />
            </div>
          ) : null}
        </div>
      </section>

      <PilotDialog open={applyOpen} onOpenChange={setApplyOpen} />
    </>
  );
}
