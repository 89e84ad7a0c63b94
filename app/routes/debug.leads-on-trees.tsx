import { data } from "react-router";
import type { Route } from "./+types/debug.leads-on-trees";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { handleDebuggerAction } from "~/features/lead-debugger/debugger-actions.server.ts";
import { LeadDebugger } from "~/features/lead-debugger/debugger-page.tsx";
import { toView } from "~/features/lead-debugger/debugger-state.ts";
import { debuggerSessionId, debuggerSessions } from "~/features/lead-debugger/session-store.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Lead-data provider debugger | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The state is this admin session's alone and changes with every step: no cache may keep it. */
const NO_STORE = { "Cache-Control": "no-store" };

/** The lead-data provider debugger (spec 02 §2, §4), admins only (DESIGN D7). Its state lives on the server (decision 0028). */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "debug");
  const session = debuggerSessions.get(await debuggerSessionId(args, admin));
  return data({ view: toView(session) }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "debug");
  const session = debuggerSessions.get(await debuggerSessionId(args, admin));
  const form = await readForm(args.request);
  const result = await handleDebuggerAction(session, form, { database: getAppContext(args.context).database, actor: admin });
  return data(result, { headers: NO_STORE });
}

export default function LeadsOnTreesDebugger({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Lead-data provider debugger</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Check the LeadsOnTrees connection step by step: authenticate, retrieve a page, map it as an import would, and push it into the
        directory. The key you enter stays on the server for this session only and is never shown again.
      </p>
      <LeadDebugger view={loaderData.view} actionData={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
