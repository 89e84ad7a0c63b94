import type { Route } from "./+types/admin.listing-changes";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { ChangeQueuePage } from "~/features/owner-edits/change-queue-page.tsx";
import { setAtOnceFields } from "~/features/owner-edits/field-rules.server.ts";
import { atOnceFields } from "~/features/owner-edits/propose-changes.server.ts";
import { listProposals } from "~/features/owner-edits/review-changes.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Listing changes | Introbase admin" }, { name: "robots", content: "noindex" }];
}

/** Owners' proposed changes waiting for review, the latest decided, and the at-once field rules (decision 0115). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const [pending, decided, atOnce] = await Promise.all([
    listProposals(database),
    listProposals(database, { pending: false, limit: 20 }),
    atOnceFields(database),
  ]);
  return { pending, decided, atOnce: [...atOnce] };
}

/** The field rules' form: the fields ticked publish at once, the others are reviewed. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const form = await readForm(args.request);
  const fields = form.getAll("atOnce").filter((v): v is string => typeof v === "string");
  try {
    await setAtOnceFields(getAppContext(args.context).database, { fields, admin });
    return formDone({ message: "Saved: owners' next changes follow these rules." });
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function AdminListingChanges({ loaderData, actionData }: Route.ComponentProps) {
  return <ChangeQueuePage {...loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
