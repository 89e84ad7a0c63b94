import { z } from "zod";
import type { Route } from "./+types/admin.duplicate-management";
import { dismissReviews, reopenReviews } from "~/features/duplicates/server/bulk-review.server.ts";
import { DuplicateManagementPage } from "~/features/duplicates/ui/duplicate-management-page.tsx";
import { duplicateManagementData } from "~/features/duplicates/server/duplicate-management.server.ts";
import { mergeConfirmed, parseConfirmed } from "~/features/duplicates/server/merge-confirmation.server.ts";
import { undoMerges } from "~/features/duplicates/server/queue-outcome.server.ts";
import { describeOutcome, type QueueOutcome } from "~/features/duplicates/queue-outcome.ts";
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

const ids = (message: string) =>
  z
    .array(z.uuid({ error: message }))
    .min(1, message)
    .max(100, "Choose at most 100 at a time.");
const Decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), reviewId: ids("Choose a review item.") }),
  z.object({ intent: z.literal("dismiss-selected"), reviewId: ids("Select at least one pair to dismiss.") }),
  z.object({ intent: z.literal("reopen"), reviewId: ids("Choose the pairs to reopen.") }),
  z.object({ intent: z.literal("undo"), mergeId: ids("Choose a merge.") }),
  // A merge only with the confirmation the page or dialog showed (decision 0091): one value per confirmed pair.
  z.object({ intent: z.literal("merge"), confirmed: z.array(z.string()).max(100, "Confirm at most 100 pairs at a time.") }),
]);

const fields = (form: FormData) => ({
  intent: form.get("intent"),
  reviewId: form.getAll("reviewId"),
  mergeId: form.getAll("mergeId"),
  confirmed: form.getAll("confirmed"),
});

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const parsed = Decision.safeParse(fields(await readForm(args.request)));
  if (!parsed.success)
    return formRefused("bad_request", { message: parsed.error.issues[0]?.message ?? "Choose a review item or a merge." });
  const { database } = getAppContext(args.context);
  const input = parsed.data;
  try {
    if (input.intent === "merge") {
      const confirmed = input.confirmed.map(parseConfirmed);
      if (!confirmed.length || confirmed.some((c) => c === null))
        return formRefused("bad_request", {
          message: "Nothing was merged: a merge needs its confirmation. Use Merge and confirm what the survivor keeps and loses.",
        });
      const report = await mergeConfirmed(database, confirmed as NonNullable<(typeof confirmed)[number]>[], { admin });
      return outcome({ intent: "merge", merged: report.merged, failed: report.failed.map((f) => `${f.names}: ${f.error}`) });
    }
    if (input.intent === "undo") {
      const report = await undoMerges(database, input.mergeId, admin);
      if (input.mergeId.length === 1 && report.failed.length === 1) return formRefused("conflict", { message: report.failed[0] });
      return outcome({ intent: "undo", undone: report.undone, failed: report.failed });
    }
    const report =
      input.intent === "reopen"
        ? await reopenReviews(database, input.reviewId, admin)
        : await dismissReviews(database, input.reviewId, admin);
    if (input.reviewId.length === 1 && report.failed.length === 1) return formRefused("conflict", { message: report.failed[0]!.error });
    return outcome({
      intent: input.intent === "reopen" ? "reopen" : "dismiss",
      reviewIds: report.done,
      failed: report.failed.map((f) => f.error),
    });
  } catch (error) {
    return formRefusedBy(error);
  }
}

function outcome(result: QueueOutcome) {
  return formDone<string, QueueOutcome>({ message: describeOutcome(result), data: result });
}

export default function DuplicateManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <DuplicateManagementPage page={loaderData} result={actionData} />;
}
