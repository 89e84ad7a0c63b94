import { BadgeCheck, FileText, Handshake, Landmark, Mail, Radar, Rocket, Sparkles, TrendingUp, Users } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { PilotDialog } from "~/features/applications/pilot-dialog-lazy.ts";
import { PILOT_OFFER } from "~/features/applications/pilot-offer.ts";
import { ComingSoonButton } from "./coming-soon.tsx";

const STEPS = [
  {
    title: "Submit your profile",
    text: "Tell us what you do, who you serve and the kind of partner or investor you want to meet.",
    Icon: FileText,
  },
  {
    title: "We curate matches",
    text: "We review every profile and shortlist matches on fit and timing, not on keywords alone.",
    Icon: BadgeCheck,
  },
  {
    title: "Receive curated intros",
    text: "You get introduced by e-mail to people who have already said yes to the conversation.",
    Icon: Mail,
  },
] as const;

const AUDIENCES = [
  {
    title: "Startups",
    text: "Meet the partners and investors who can open markets, shorten sales cycles and fund your next stage.",
    Icon: Rocket,
  },
  {
    title: "Partners",
    text: "Find startups whose products fit your clients, and grow your practice through work you choose.",
    Icon: Handshake,
  },
  { title: "Investors", text: "See vetted companies that match your thesis, introduced when they are ready to talk.", Icon: Landmark },
] as const;

const REASONS = [
  { title: "Signal-based matching", text: "Matches start from real signals: stage, market, customers and momentum.", Icon: Radar },
  {
    title: "Built for real growth",
    text: "We measure success in partnerships and revenue, not in the number of messages sent.",
    Icon: TrendingUp,
  },
  {
    title: "Warm intros only",
    text: "No cold outreach and no mass e-mail. Both sides agree before any introduction is made.",
    Icon: Users,
  },
] as const;

const ANCHORS = [
  { href: "#how-it-works", label: "How It Works" },
  { href: "#who-is-it-for", label: "Who Is It For" },
  { href: "#get-intros", label: "Get Intros" },
] as const;

type Item = { title: string; text: string; Icon: typeof Rocket };

function ItemGrid({ items, numbered = false }: { items: readonly Item[]; numbered?: boolean }) {
  const List = numbered ? "ol" : "ul";
  return (
    <List className="mt-10 grid gap-6 md:grid-cols-3">
      {items.map(({ title, text, Icon }, index) => (
        <li key={title} className="rounded-xl border border-border bg-surface-raised p-6 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            {numbered ? <span className="text-sm font-medium text-fg-muted">Step {index + 1}</span> : null}
          </div>
          <h3 className="mt-4 text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-sm leading-6 text-fg-muted">{text}</p>
        </li>
      ))}
    </List>
  );
}

function Section({
  id,
  title,
  intro,
  muted = false,
  children,
}: {
  id?: string;
  title: string;
  intro: string;
  muted?: boolean;
  children: ReactNode;
}) {
  const titleId = `${id ?? title.toLowerCase().replace(/\W+/g, "-")}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={muted ? "scroll-mt-28 border-y border-border bg-surface-muted" : "scroll-mt-28"}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="max-w-2xl">
          <h2 id={titleId} className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-fg-muted">{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/** The marketing landing page at /service-landing-1: how it works, who it is for, and the pilot offer. */
export function MarketingLandingPage() {
  const [pilotOpen, setPilotOpen] = useState(false);
  return (
    <>
      <nav aria-label="On this page" className="sticky top-16 z-20 border-b border-border bg-surface/90 backdrop-blur">
        <ul className="mx-auto flex max-w-7xl overflow-x-auto px-2 py-2 text-[13px] font-medium whitespace-nowrap sm:gap-4 sm:px-6 sm:text-sm">
          {ANCHORS.map(({ href, label }) => (
            <li key={href}>
              <a href={href} className="block rounded-md px-1.5 py-1 text-fg-muted hover:bg-surface-muted hover:text-fg sm:px-2">
                {label}
              </a>
            </li>
          ))}
          <li className="ml-auto">
            <Link to="/listings" className="block rounded-md px-1.5 py-1 text-accent hover:bg-surface-muted sm:px-2">
              <span className="sm:hidden">Listings</span>
              <span className="hidden sm:inline">Browse Listings</span>
            </Link>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="landing-title" className="relative isolate overflow-hidden border-b border-border">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_50%_0%,var(--color-accent-soft),transparent)]"
        />
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <Badge variant="outline" className="bg-surface-raised">
            <Sparkles className="size-3.5 text-accent" aria-hidden="true" />
            Curated, consent-based introductions
          </Badge>
          <h1 id="landing-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Warm intros to the people who grow your business
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-fg-muted">
            Introbase matches startups, partners and investors on real growth signals, then introduces them only when both sides want to
            talk.
          </p>
          <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <a href="#get-intros" className={buttonClass({ size: "lg" })}>
              Get Intros
            </a>
            <a href="#how-it-works" className={buttonClass({ variant: "secondary", size: "lg" })}>
              How It Works
            </a>
          </div>
        </div>
      </section>

      <Section id="how-it-works" title="How It Works" intro="Three steps, and no cold outreach at any of them.">
        <ItemGrid items={STEPS} numbered />
      </Section>

      <Section id="who-is-it-for" title="Who Is It For" intro="Everyone on Introbase is here to build something together." muted>
        <ItemGrid items={AUDIENCES} />
      </Section>

      <Section title="Why Introbase" intro="Introductions are only worth making when they lead somewhere.">
        <ItemGrid items={REASONS} />
      </Section>

      <section aria-labelledby="solutions-title" className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col gap-6 rounded-xl border border-dashed border-border p-6 sm:p-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <Badge variant="accent">Coming Soon</Badge>
            <h2 id="solutions-title" className="mt-3 text-xl font-semibold">
              The startup solutions directory
            </h2>
            <p className="mt-2 text-sm text-fg-muted">
              Browse vetted startup products by the problem they solve, the industry they serve and the markets they cover.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ComingSoonButton>Browse Startup Solutions</ComingSoonButton>
            <ComingSoonButton>Join Waitlist</ComingSoonButton>
          </div>
        </div>
      </section>

      <section id="get-intros" aria-labelledby="get-intros-title" className="mx-auto max-w-7xl scroll-mt-28 px-4 pt-16 sm:px-6">
        <div className="rounded-2xl bg-accent-soft px-6 py-12 text-center sm:px-12">
          <h2 id="get-intros-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Get intros that lead somewhere
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-fg-muted">
            Apply for our done-for-you pilot and receive {PILOT_OFFER.introsPromised} warm introductions in {PILOT_OFFER.pilotDays} days, or
            browse the network first.
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Button size="lg" onClick={() => setPilotOpen(true)}>
              Get Intros
            </Button>
            <Link to="/listings" className={buttonClass({ variant: "secondary", size: "lg" })}>
              Browse Listings
            </Link>
          </div>
        </div>
      </section>

      <PilotDialog open={pilotOpen} onOpenChange={setPilotOpen} />
    </>
  );
}
