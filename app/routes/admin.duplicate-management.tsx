import { z } from "zod";
import type { Route } from "./+types/admin.duplicate-management";
import { DuplicateManagementPage } from "~/features/duplicates/duplicate-management-page.tsx";
import { duplicateManagementData } from "~/features/duplicates/duplicate-management.server.ts";
import { undoMerge } from "~/features/duplicates/merge.server.ts";
import { decideReview } from "~/features/duplicates/review-queue.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Duplicate management | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Spec 02 §2 "/admin/duplicate-management": the review queue, recent merges (with undo) and the cleanup tool. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return duplicateManagementData(getAppContext(args.context).database, new URL(args.request.url));
}

const Decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), reviewId: z.uuid() }),
  z.object({ intent: z.literal("undo"), mergeId: z.uuid() }),
]);

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const parsed = Decision.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return formRefused("bad_request", { message: "Choose a review item or a merge." });
  const { database } = getAppContext(args.context);
  try {
    if (parsed.data.intent === "dismiss") {
      await decideReview(database, { reviewId: parsed.data.reviewId, decision: "dismiss", admin });
      return formDone({ message: "Dismissed: this pair will not be raised again." });
    }
    await undoMerge(database, { mergeId: parsed.data.mergeId, admin });
    return formDone({ message: "Merge undone: both listings are back as they were." });
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function DuplicateManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <DuplicateManagementPage page={loaderData} result={actionData} />;
}
