import { sql } from "drizzle-orm";
import type { Route } from "./+types/debug.access-control";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { accessControlData } from "~/features/access/access-control-data.server.ts";
import { AccessControlPage } from "~/features/access/access-control-page.tsx";
import { aiAction, DATA_EXPORT, quotaDepletedMessage } from "~/features/access/quotas.ts";
import { recordCompanyView, recordUsage } from "~/features/access/usage.server.ts";
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

const done = (message: string) => formDone({ message });

const SIMULATIONS = ["company_view", "ai_request", "export", "refresh"] as const;

/** The page's buttons: each records one real unit of usage for the signed-in admin (refresh records nothing). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "debug");
  const { database } = getAppContext(args.context);
  const intent = String((await readForm(args.request)).get("intent") ?? "");
  if (!(SIMULATIONS as readonly string[]).includes(intent))
    return formRefused("bad_request", { message: `Unknown action "${intent.slice(0, 40)}".` });
  if (intent === "refresh") return done("Refreshed.");
  if (intent === "company_view") {
    const [listing] = await database.rows<{ id: string; name: string }>(
      sql`SELECT id, name FROM listings WHERE processing_status = 'published' ORDER BY random() LIMIT 1`,
    );
    if (!listing) return formRefused("not_found", { message: "No published listing to view." });
    const result = await recordCompanyView(database, admin, listing.id);
    if (!result.allowed) return formRefused("rate_limited", { message: quotaDepletedMessage("views") });
    return done(`Viewed ${listing.name}${result.counted ? "" : " (already seen this month: free)"}.`);
  }
  const result = await recordUsage(database, admin, intent === "export" ? DATA_EXPORT : aiAction("request"));
  if (!result.allowed)
    return formRefused("rate_limited", { message: quotaDepletedMessage(intent === "export" ? "exports" : "AI requests") });
  return done(`Recorded one ${intent === "export" ? "export" : "AI request"}.`);
}

export default function AccessControl({ loaderData, actionData }: Route.ComponentProps) {
  return <AccessControlPage page={loaderData} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
