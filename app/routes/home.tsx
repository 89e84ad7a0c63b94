import { useState } from "react";
import type { Route } from "./+types/home";
import { viewerFor } from "~/features/access/viewer.ts";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { PilotDialog } from "~/features/applications/pilot-dialog-lazy.ts";
import { ComingSoonBand } from "~/features/home/coming-soon.tsx";
import { ExploreNetwork } from "~/features/home/explore-network.tsx";
import { getFundingRows } from "~/features/home/get-featured-startups.server.ts";
import { HomeHero } from "~/features/home/home-hero.tsx";
import { HowItWorks } from "~/features/home/how-it-works.tsx";
import { LatestFundingSection } from "~/features/home/latest-funding-section.tsx";
import { JsonLd, useSiteOrigin } from "~/features/seo/json-ld-script.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";
import { websiteJsonLd } from "~/features/seo/structured-data.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { logger } from "~/lib/logger.server.ts";

/** Home and its alias /service-landing-2 are one page: both name / as canonical. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originOf(matches),
    path: "/",
    title: "Connect with the Right Partners",
    description:
      "Introbase connects startups, investors and local partners through curated, consent-based warm introductions. See the latest funding rounds and explore the network.",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  // Not awaited: the page renders at once and the table streams in behind its spinner.
  const { database, user } = getAppContext(context);
  const fundingRows = getFundingRows(database, viewerFor(user)).catch((error: unknown) => {
    logger.error({ err: error }, "home funding table failed to load");
    throw new Error("Could not load the latest funding rounds.");
  });
  return { fundingRows };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const [pilotOpen, setPilotOpen] = useState(false);
  const { unlock } = useUnlockPrompt();
  const origin = useSiteOrigin();
  return (
    <>
      {origin ? <JsonLd data={[websiteJsonLd(origin)]} /> : null}
      <HomeHero onGrowWithIntros={() => setPilotOpen(true)} />
      <LatestFundingSection rows={loaderData.fundingRows} onUnlock={unlock} />
      <HowItWorks />
      <ExploreNetwork />
      <ComingSoonBand />
      <PilotDialog open={pilotOpen} onOpenChange={setPilotOpen} />
    </>
  );
}
