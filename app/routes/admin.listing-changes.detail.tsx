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
import { FIX_FIELDS, parseForm, refused } from "~/lib/form-parse.ts";

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

// One object (the shared form parser reads objects), the reject-needs-a-note rule a refinement on it.
const Decision = z
  .object({
    intent: z.enum(["approve", "reject"], "Choose approve or reject."),
    note: z.string().trim().max(1000, "At most 1,000 characters."),
    replaceNewer: z.string(),
  })
  .refine((d) => d.intent === "approve" || d.note.length > 0, { message: "Tell the owner why.", path: ["note"] });

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const id = z.uuid().safeParse(args.params.id);
  if (!id.success) notFound(NO_SUCH);
  const { database } = getAppContext(args.context);
  const decision = parseForm(Decision, Object.fromEntries(await readForm(args.request, { nulInValues: true })));
  if (!decision.ok)
    return formRefused("bad_request", refused(decision, { message: decision.errors.note ?? decision.errors.intent ?? FIX_FIELDS }));
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
