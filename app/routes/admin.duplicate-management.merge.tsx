import { z } from "zod";
import type { Route } from "./+types/admin.duplicate-management.merge";
import { confirmSelectedMerges, MAX_PAIRS } from "~/features/duplicates/server/merge-confirmation.server.ts";
import { MergeConfirmationPage } from "~/features/duplicates/ui/merge-confirmation-view.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { parse } from "~/lib/parse.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Confirm the merge | Introbase" }, { name: "robots", content: "noindex" }];
}

const Query = z.object({
  reviewId: z.array(z.uuid({ error: "reviewId must be the id of a review item." })).max(MAX_PAIRS),
  pair: z
    .array(z.string().regex(/^[0-9a-f-]{36}_[0-9a-f-]{36}$/i, "pair must be two listing ids joined by _."))
    .max(MAX_PAIRS)
    .transform((pairs) => pairs.map((p) => p.split("_") as [string, string])),
  keep: z.uuid({ error: "keep must be a listing id." }).optional(),
});

/**
 * What a merge will keep and lose, before it happens (decision 0091): the confirmation page without JavaScript, the
 * merge dialog's content with it (the dialog loads this loader). `reviewId` names queued pairs (the queue's
 * checkboxes), `pair` two listing ids (a dry run's review item), `keep` the survivor of a single pair.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "admin");
  const url = new URL(args.request.url);
  const query = parse(Query, {
    reviewId: url.searchParams.getAll("reviewId").filter(Boolean),
    pair: url.searchParams.getAll("pair").filter(Boolean),
    keep: url.searchParams.get("keep") || undefined,
  });
  const { database } = getAppContext(args.context);
  return confirmSelectedMerges(database, { reviewIds: query.reviewId, pairs: query.pair, admin, keep: query.keep });
}

export default function ConfirmMerge({ loaderData }: Route.ComponentProps) {
  return <MergeConfirmationPage data={loaderData} />;
}
