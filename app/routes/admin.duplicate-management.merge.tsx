import { inArray } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.duplicate-management.merge";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { confirmMerges, MAX_PAIRS } from "~/features/duplicates/server/merge-confirmation.server.ts";
import { MergeConfirmationPage } from "~/features/duplicates/ui/merge-confirmation-view.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { STATUS_BY_CODE } from "~/lib/errors.ts";

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
const refused = (message: string) => data({ message }, { status: STATUS_BY_CODE.bad_request });

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "admin");
  const url = new URL(args.request.url);
  const parsed = Query.safeParse({
    reviewId: url.searchParams.getAll("reviewId").filter(Boolean),
    pair: url.searchParams.getAll("pair").filter(Boolean),
    keep: url.searchParams.get("keep") || undefined,
  });
  if (!parsed.success) throw refused(parsed.error.issues[0]!.message);
  const { database } = getAppContext(args.context);
  const queued = parsed.data.reviewId.length
    ? await database.db
        .select({ id: duplicateReviews.id, a: duplicateReviews.listingA, b: duplicateReviews.listingB })
        .from(duplicateReviews)
        .where(inArray(duplicateReviews.id, parsed.data.reviewId))
    : [];
  const pairs = [...queued.map((q) => [q.a, q.b] as const), ...parsed.data.pair];
  // "Merge selected…" with nothing ticked: say so on the page rather than answer with an error.
  if (!pairs.length) return { items: [], notice: "Nothing is selected: tick the pairs to merge in the review queue." };
  return { items: await confirmMerges(database, pairs, { admin, keep: parsed.data.keep }), notice: null };
}

export default function ConfirmMerge({ loaderData }: Route.ComponentProps) {
  return <MergeConfirmationPage data={loaderData} />;
}
