import type { Route } from "./+types/home";
import { viewerFor } from "~/features/access/viewer.ts";
import { getFundingRows } from "~/features/home/get-featured-startups.server.ts";
import { HomePage } from "~/features/home/home-page.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";
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
  return <HomePage fundingRows={loaderData.fundingRows} />;
}
