import type { Route } from "./+types/admin.tiers";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { ACCESS_LEVELS, type AccessLevel } from "~/features/access/tiers.ts";
import { getTierRows, updateTier } from "~/features/reference-editor/edit-tier.server.ts";
import { TiersPage, type TierSubmission } from "~/features/reference-editor/tiers-page.tsx";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Tiers | Introbase admin" }, { name: "robots", content: "noindex" }];
}

/** The three tier records (issue 5 §1), each with the limits the quota code applies now. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  return { tiers: await getTierRows(getAppContext(args.context).database) };
}

const refuse = (result: Omit<TierSubmission, "ok">) => formRefused("bad_request", result);
const done = (result: Omit<TierSubmission, "ok">) => formDone(result);

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const form = Object.fromEntries(await readForm(args.request));
  const tier = (ACCESS_LEVELS as readonly unknown[]).includes(form.tier) ? (form.tier as AccessLevel) : null;
  if (!tier) return refuse({ message: "Choose a tier to save." });
  const outcome = await updateTier(getAppContext(args.context).database, tier, form, admin);
  return outcome.ok
    ? done({ target: tier, message: "Saved: in force from the next request." })
    : refuse({ target: tier, message: outcome.message, errors: outcome.errors, values: outcome.values });
}

export default function AdminTiers({ loaderData, actionData }: Route.ComponentProps) {
  return <TiersPage tiers={loaderData.tiers} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
