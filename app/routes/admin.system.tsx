import { z } from "zod";
import type { Route } from "./+types/admin.system";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { runIntegrationCheck } from "~/features/system-status/integration-checks.server.ts";
import { releaseInfo } from "~/features/system-status/release-info.server.ts";
import { SystemStatusPage } from "~/features/system-status/system-status-page.tsx";
import { loadSystemStatus } from "~/features/system-status/system-status.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getEnv } from "~/lib/env.server.ts";
import { formDone, formRefused } from "~/lib/form-result.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "System status | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The clock the page is read at; tests set it (no test reads the wall clock). */
export const statusClock = { now: () => new Date() };

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "admin");
  const env = getEnv();
  return {
    status: await loadSystemStatus(getAppContext(args.context).database, { now: statusClock.now(), release: releaseInfo(env), env }),
  };
}

const TestIntegration = z.object({ integration: z.enum(["smtp", "payments", "ai", "provider", "spreadsheet"]) });

/** One integration's "test" button: a real, harmless call, and what happened. */
export async function action(args: Route.ActionArgs) {
  requireAdmin(args, "admin");
  const parsed = TestIntegration.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return formRefused("bad_request", { message: "Choose an integration to test." });
  const outcome = await runIntegrationCheck(parsed.data.integration, getEnv());
  return formDone({ message: outcome.message, data: outcome });
}

export default function AdminSystem({ loaderData, actionData }: Route.ComponentProps) {
  return <SystemStatusPage status={loaderData.status} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
