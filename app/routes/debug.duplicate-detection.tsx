import type { Route } from "./+types/debug.duplicate-detection";
import { CleanupTool } from "~/features/duplicates/cleanup-tool.tsx";
import { countLiveListings } from "~/features/duplicates/cleanup.server.ts";
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
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Duplicate detection</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Check the directory for duplicate companies batch by batch. A dry run shows what would happen; with dry run off, high-confidence
        duplicates (95% or more) are merged and potential ones (85% to 95%) go to the review queue in{" "}
        <a className="text-accent underline" href="/admin/duplicate-management">
          Duplicate management
        </a>
        .
      </p>
      <CleanupTool totalCompanies={loaderData.totalCompanies} />
    </div>
  );
}
