import { CircleCheck } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/get-featured";
import { buttonClass } from "~/components/ui/button.tsx";

const AUDIENCES = {
  startup: {
    title: "Get your startup featured",
    intro: "Featured startups appear at the top of the directory and in the Latest Funding Rounds table on the home page.",
    asks: [
      "Your company name, website and a one-line tagline",
      "The problem you solve, your solution and why now",
      "Industries, markets and funding stage",
      "Your team and a contact for introductions",
    ],
  },
  partner: {
    title: "Get featured as a local partner",
    intro: "Featured partners are shown to startups looking to enter and grow in your markets.",
    asks: [
      "Your company name, website and a one-line tagline",
      "The markets and industries you serve",
      "Your business model: retainer, retainer plus success fee, or success fee only",
      "A contact for introductions",
    ],
  },
} as const;

export function loader({ params }: Route.LoaderArgs) {
  const type: keyof typeof AUDIENCES | null = params.type === "startup" || params.type === "partner" ? params.type : null;
  if (!type) throw data(null, { status: 404 });
  return { type };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const audience = loaderData ? AUDIENCES[loaderData.type] : undefined;
  return [{ title: `${audience?.title ?? "Get Featured"} | Introbase` }, { name: "description", content: audience?.intro ?? "" }];
}

/**
 * Spec 01 §2 leaves these pages' content open. The application form with review and approval is its own piece of
 * work (feature applications); until it lands this page says what featuring means and what we will ask for.
 */
export default function GetFeatured({ loaderData }: Route.ComponentProps) {
  const audience = AUDIENCES[loaderData.type];
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{audience.title}</h1>
      <p className="mt-4 text-lg text-fg-muted">{audience.intro}</p>
      <h2 className="mt-10 text-xl font-semibold">What we ask for</h2>
      <ul className="mt-4 space-y-3">
        {audience.asks.map((ask) => (
          <li key={ask} className="flex gap-3">
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <span>{ask}</span>
          </li>
        ))}
      </ul>
      <p className="mt-10 rounded-xl border border-border bg-surface-muted p-6 text-sm">
        Online applications are opening shortly. Every listing is reviewed by our team before it is published.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/listings" className={buttonClass({ variant: "secondary" })}>
          Browse Listings
        </Link>
        <Link to="/pilot" className={buttonClass()}>
          See the growth pilot
        </Link>
      </div>
    </div>
  );
}
