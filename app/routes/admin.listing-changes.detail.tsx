import { z } from "zod";
import type { Route } from "./+types/admin.listing-changes.detail";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { ChangeReviewPage } from "~/features/owner-edits/change-review-page.tsx";
import { approveProposal, getProposalForReview, rejectProposal } from "~/features/owner-edits/review-changes.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound } from "~/lib/errors.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.listing.name ?? "Change"} | Listing changes | Introbase admin` }, { name: "robots", content: "noindex" }];
}

const NO_SUCH = "No such proposed change.";

/** One proposed change: the diff against the listing as it is now, and the decision (decision 0115). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const id = z.uuid().safeParse(args.params.id);
  const proposal = id.success ? await getProposalForReview(getAppContext(args.context).database, id.data) : null;
  if (!proposal) notFound(NO_SUCH);
  return proposal;
}

const Decision = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    note: z.string().trim().max(1000, "At most 1,000 characters.").optional(),
    replaceNewer: z.literal("on").optional(),
  }),
  z.object({
    intent: z.literal("reject"),
    note: z.string().trim().min(1, "Tell the owner why.").max(1000, "At most 1,000 characters."),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const id = z.uuid().safeParse(args.params.id);
  if (!id.success) notFound(NO_SUCH);
  const { database } = getAppContext(args.context);
  const decision = Decision.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!decision.success) {
    const message = decision.error.issues[0]?.message ?? "Choose approve or reject.";
    return formRefused("bad_request", { message, errors: { note: message } });
  }
  try {
    if (decision.data.intent === "approve") {
      const { note, replaceNewer } = decision.data;
      const outcome = await approveProposal(database, { id: id.data, admin, note: note || null, replaceNewer: replaceNewer === "on" });
      if (!outcome.ok) return formRefused("conflict", { message: outcome.message });
      return formDone({ message: "Approved and published. The owner has been e-mailed." });
    }
    await rejectProposal(database, { id: id.data, admin, note: decision.data.note });
    return formDone({ message: "Rejected. The owner has been e-mailed your note." });
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function AdminListingChange({ loaderData, actionData }: Route.ComponentProps) {
  return <ChangeReviewPage proposal={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
