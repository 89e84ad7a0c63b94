import { data } from "react-router";
import type { Route } from "./+types/debug.leads-on-trees";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { runDebuggerAction } from "~/features/lead-debugger/debugger-actions.server.ts";
import { LeadDebuggerPage } from "~/features/lead-debugger/debugger-page.tsx";
import { toView } from "~/features/lead-debugger/debugger-state.ts";
import { debuggerOwner, DebuggerSessionStore } from "~/features/lead-debugger/session-store.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Lead-data provider debugger | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The state is this admin session's alone and changes with every step: no cache may keep it. */
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The lead-data provider debugger (spec 02 §2, §4), admins only (DESIGN D7). Its state lives in the database
 * (decisions 0028, 0051), so any app server can serve any step.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args, "debug");
  const { database } = getAppContext(args.context);
  const session = await new DebuggerSessionStore(database).open(await debuggerOwner(args, admin));
  return data({ view: toView(session) }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "debug");
  const { database } = getAppContext(args.context);
  const owner = await debuggerOwner(args, admin);
  const form = await readForm(args.request);
  const result = await runDebuggerAction(new DebuggerSessionStore(database), owner, form, { database, actor: admin });
  return data(result, { headers: NO_STORE });
}

export default function LeadsOnTreesDebugger({ loaderData, actionData }: Route.ComponentProps) {
  return <LeadDebuggerPage view={loaderData.view} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
