import type { Route } from "./+types/debug.access-control";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { accessControlData } from "~/features/access/access-control-data.server.ts";
import { AccessControlPage } from "~/features/access/access-control-page.tsx";
import { simulateUsage } from "~/features/access/access-debug.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Access control | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Spec 01 §2's internal access-control page: tier, feature and quota samples, and this admin's own usage. Names,
 * prices and limits are the plan catalogue's, as the upgrade dialog and settings show them.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "debug");
  return accessControlData(getAppContext(args.context).database, admin);
}

/** The page's buttons: each records one real unit of usage for the signed-in admin (refresh records nothing). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "debug");
  const { database } = getAppContext(args.context);
  const intent = String((await readForm(args.request)).get("intent") ?? "");
  const outcome = await simulateUsage(database, admin, intent);
  return outcome.ok ? formDone({ message: outcome.message }) : formRefused(outcome.code, { message: outcome.message });
}

export default function AccessControl({ loaderData, actionData }: Route.ComponentProps) {
  return <AccessControlPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
