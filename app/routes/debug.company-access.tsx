import type { Route } from "./+types/debug.company-access";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { CompanyAccessPage } from "~/features/access/company-access-page.tsx";
import { companyAccessData } from "~/features/access/access-debug.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Company access | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Spec 01 §2's company-level access demo: one real listing per visibility level, whether the current viewer
 * may open it, and the accessible / restricted / total counts over all published listings.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "debug");
  return companyAccessData(getAppContext(args.context).database, admin);
}

export default function CompanyAccess({ loaderData }: Route.ComponentProps) {
  return <CompanyAccessPage {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
