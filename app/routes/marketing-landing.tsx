import type { Route } from "./+types/marketing-landing";
import { MarketingLandingPage } from "~/features/home/marketing-landing-page.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originOf(matches),
    path: "/service-landing-1",
    title: "Curated Warm Intros for Startups, Partners and Investors",
    description:
      "Submit your profile, we curate matches from real growth signals, and you receive warm, consent-based introductions. For startups, partners and investors.",
  });
}

export default function MarketingLanding() {
  return <MarketingLandingPage />;
}
