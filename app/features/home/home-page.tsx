import { useState } from "react";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { PilotDialog } from "~/features/applications/pilot-dialog-lazy.ts";
import { JsonLd, useSiteOrigin } from "~/features/seo/json-ld-script.tsx";
import { websiteJsonLd } from "~/features/seo/structured-data.ts";
import { ComingSoonBand } from "./coming-soon.tsx";
import { ExploreNetwork } from "./explore-network.tsx";
import type { FundingRow } from "./funding-table.ts";
import { HomeHero } from "./home-hero.tsx";
import { HowItWorks } from "./how-it-works.tsx";
import { LatestFundingSection } from "./latest-funding-section.tsx";

/** The home page (and its alias /service-landing-2); the funding table streams in behind its spinner. */
export function HomePage({ fundingRows }: { fundingRows: Promise<FundingRow[]> }) {
  const [pilotOpen, setPilotOpen] = useState(false);
  const { unlock } = useUnlockPrompt();
  const origin = useSiteOrigin();
  return (
    <>
      {origin ? <JsonLd data={[websiteJsonLd(origin)]} /> : null}
      <HomeHero onGrowWithIntros={() => setPilotOpen(true)} />
      <LatestFundingSection rows={fundingRows} onUnlock={unlock} />
      <HowItWorks />
      <ExploreNetwork />
      <ComingSoonBand />
      <PilotDialog open={pilotOpen} onOpenChange={setPilotOpen} />
    </>
  );
}
