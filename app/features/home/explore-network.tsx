import { ArrowRight, Globe, Landmark, Rocket } from "lucide-react";
import { Link } from "react-router";

/** The type values are the plural spellings the directory accepts from the home page (spec 01 §2). */
const SEGMENTS = [
  {
    to: "/listings?type=startups",
    title: "Startups",
    text: "Discover companies that are raising, building and expanding into new markets.",
    cta: "Browse startups",
    Icon: Rocket,
  },
  {
    to: "/listings?type=investors",
    title: "Investors",
    text: "Find funds, angels and corporate investors that back your stage and sector.",
    cta: "Browse investors",
    Icon: Landmark,
  },
  {
    to: "/listings?type=partners",
    title: "Local Partners",
    text: "Work with advisors and agencies who open doors in the markets you are entering.",
    cta: "Browse partners",
    Icon: Globe,
  },
] as const;

export function ExploreNetwork() {
  return (
    <section
      aria-labelledby="explore-title"
      className="mx-auto max-w-7xl px-4 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:px-6"
    >
      <div className="max-w-2xl">
        <h2 id="explore-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Explore Our Network
        </h2>
        <p className="mt-2 text-fg-muted">Startups, investors and local partners, each reviewed before they are listed.</p>
      </div>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {SEGMENTS.map(({ to, title, text, cta, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl border border-border bg-surface-raised p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-fg-muted">{text}</p>
              <span className="mt-6 inline-flex items-center gap-1 text-sm font-medium text-accent">
                {cta}
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
