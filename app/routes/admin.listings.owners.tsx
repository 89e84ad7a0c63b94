import { z } from "zod";
import type { Route } from "./+types/admin.listings.owners";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { OperatorGrantForm, ReasonForm } from "~/features/listing-owners/claim-rules.ts";
import { OperatorOwnersPage } from "~/features/listing-owners/operator-owners-page.tsx";
import {
  freezeEditing,
  grantByEmail,
  operatorOwnersPage,
  revokeByOperator,
  unfreezeEditing,
} from "~/features/listing-owners/operator-owners.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { parseForm, refused } from "~/lib/form-parse.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Owners of ${loaderData?.listing.name ?? "a listing"} | Introbase` }, { name: "robots", content: "noindex" }];
}

const ListingId = z.uuid("No such listing.");

function listingIdOf(params: { id: string }) {
  const parsed = ListingId.safeParse(params.id);
  return parsed.success ? parsed.data : "00000000-0000-0000-0000-000000000000";
}

/** A listing's owners and its freeze, for operators (issue 36). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return operatorOwnersPage(getAppContext(args.context).database, listingIdOf(args.params));
}

const Intent = z.object({ intent: z.enum(["grant", "revoke", "freeze", "unfreeze"], "Unknown action.") });
const Revoke = ReasonForm.extend({ userId: z.string().trim().min(1, "Choose an owner.").max(200) });

/** Grant, revoke, freeze, unfreeze: each audited. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const { database } = getAppContext(args.context);
  const listingId = listingIdOf(args.params);
  const form = Object.fromEntries(await readForm(args.request, { nulInValues: true }));
  const chosen = parseForm(Intent, form);
  if (!chosen.ok) return formRefused("bad_request", { message: chosen.errors.intent ?? "Unknown action." });
  const { intent } = chosen.data;
  try {
    switch (intent) {
      case "grant": {
        const parsed = parseForm(OperatorGrantForm, form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
        const name = await grantByEmail(database, { admin, listingId, email: parsed.data.email });
        return formDone({ intent, message: `${name} now keeps this listing.` });
      }
      case "revoke": {
        const parsed = parseForm(Revoke, form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent, message: Object.values(parsed.errors)[0] });
        await revokeByOperator(database, { admin, listingId, ...parsed.data });
        return formDone({ intent, message: "Ownership revoked." });
      }
      case "freeze": {
        const parsed = parseForm(ReasonForm, form);
        if (!parsed.ok) return formRefused("bad_request", { ...refused(parsed), intent });
        await freezeEditing(database, { admin, listingId, reason: parsed.data.reason });
        return formDone({ intent, message: "Self-editing is frozen. The owners see your reason." });
      }
      case "unfreeze":
        await unfreezeEditing(database, { admin, listingId });
        return formDone({ intent, message: "Self-editing is open again." });
    }
  } catch (error) {
    return formRefusedBy(error, { intent });
  }
}

export default function AdminListingOwners({ loaderData, actionData }: Route.ComponentProps) {
  return <OperatorOwnersPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
