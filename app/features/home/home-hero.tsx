import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { GetFeaturedMenu } from "./get-featured-menu.tsx";

/** The hero of spec 01 §2; "Grow with Intros" asks the page to open the pilot application dialog. */
export function HomeHero({ onGrowWithIntros }: { onGrowWithIntros: () => void }) {
  return (
    <section aria-labelledby="home-title" className="relative isolate overflow-hidden border-b border-border">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_50%_0%,var(--color-accent-soft),transparent)]"
      />
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <Badge variant="outline" className="bg-surface-raised">
          <Sparkles className="size-3.5 text-accent" aria-hidden="true" />
          Curated, consent-based warm introductions
        </Badge>
        <h1 id="home-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          Connect with the Right Partners
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-fg-muted">
          Introbase brings startups, investors and local partners together to build business relationships and accelerate growth, one warm
          introduction at a time.
        </p>
        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <GetFeaturedMenu />
          <Link to="/listings" className={buttonClass({ variant: "secondary", size: "lg" })}>
            Browse Listings
          </Link>
          <Button variant="ghost" size="lg" onClick={onGrowWithIntros}>
            Grow with Intros
            <ArrowRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}
