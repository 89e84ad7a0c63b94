import type { Route } from "./+types/debug.duplicate-detection";
import { countLiveListings } from "~/features/duplicates/server/cleanup.server.ts";
import { DuplicateDetectionPage } from "~/features/duplicates/ui/duplicate-detection-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Duplicate detection | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The duplicate cleanup tool (spec 02 §2), admins only (DESIGN D7). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  return { totalCompanies: await countLiveListings(getAppContext(args.context).database) };
}

export default function DuplicateDetection({ loaderData }: Route.ComponentProps) {
  return <DuplicateDetectionPage totalCompanies={loaderData.totalCompanies} />;
}
