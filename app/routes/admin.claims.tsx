import type { Route } from "./+types/admin.claims";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { ClaimQueuePage } from "~/features/listing-owners/claim-queue-page.tsx";
import { claimQueue, decideClaim } from "~/features/listing-owners/claim-review.server.ts";
import { ClaimDecisionForm } from "~/features/listing-owners/claim-rules.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Listing claims | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Operators decide claims with evidence (issue 36). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return { claims: await claimQueue(getAppContext(args.context).database) };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  const parsed = parseForm(ClaimDecisionForm, form);
  const target = typeof form.claimId === "string" ? form.claimId.slice(0, 36) : undefined;
  if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), target });
  const { claimId, decision, note } = parsed.data;
  try {
    const { listingName, memberName } = await decideClaim(getAppContext(args.context).database, { admin, claimId, decision, note });
    return formDone({
      target: claimId,
      message:
        decision === "approve"
          ? `Approved: ${memberName} now keeps ${listingName}, and has been e-mailed.`
          : `Rejected: ${memberName} has been e-mailed.`,
    });
  } catch (error) {
    return formRefusedBy(error, { target: claimId });
  }
}

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  return <ClaimQueuePage claims={loaderData.claims} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
