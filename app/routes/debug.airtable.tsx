import type { Route } from "./+types/debug.airtable";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { SchemaDiagnostics } from "~/features/diagnostics/diagnostics-view.tsx";
import { runDiagnostics } from "~/features/diagnostics/run-diagnostics.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv } from "~/lib/env.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Schema diagnostics | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * The schema debugger (spec 02 §2), admins only (DESIGN D7). Run Diagnostics is a GET form (?run=1): the report
 * only reads, so it can be a link, and it works before the page's script has loaded.
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  if (new URL(args.request.url).searchParams.get("run") !== "1") return { report: null };
  return { report: await runDiagnostics(getAppContext(args.context).database, getEnv()) };
}

export default function SchemaDebugger({ loaderData }: Route.ComponentProps) {
  return <SchemaDiagnostics report={loaderData.report} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
