import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.tiers";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { ACCESS_LEVELS, type AccessLevel } from "~/features/access/tiers.ts";
import { getTierRows, updateTier } from "~/features/reference-editor/edit-tier.server.ts";
import { TierEditor } from "~/features/reference-editor/tier-editor.tsx";
import type { TierField } from "~/features/reference-editor/tier-form.ts";
import { getAppContext } from "~/lib/app-context.ts";
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

interface ActionResult {
  tier: AccessLevel | null;
  ok: boolean;
  message: string;
  errors?: Partial<Record<TierField, string>>;
  values?: Record<TierField, string>;
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "admin");
  const form = Object.fromEntries(await readForm(args.request));
  const tier = (ACCESS_LEVELS as readonly unknown[]).includes(form.tier) ? (form.tier as AccessLevel) : null;
  // A post naming no tier changes nothing: the page shows again with a note (every field error is a 400 below).
  if (!tier) return data<ActionResult>({ tier: null, ok: false, message: "Choose a tier to save." });
  const outcome = await updateTier(getAppContext(args.context).database, tier, form, admin);
  return outcome.ok
    ? data<ActionResult>({ tier, ok: true, message: "Saved: in force from the next request." })
    : data<ActionResult>({ tier, ...outcome }, { status: 400 });
}

export default function AdminTiers({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/admin/reference" className="text-sm text-accent hover:underline">
        ← Reference lists
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Tiers</h1>
      <p className="mt-2 text-sm text-fg-muted">
        What each tier costs, its monthly quotas and what it may do. Quotas and features follow these records from the next request.
      </p>
      {actionData && actionData.tier === null ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {actionData.message}
        </p>
      ) : null}
      <div className="mt-8 grid gap-6">
        {loaderData.tiers.map((t) => {
          const mine = actionData?.tier === t.name ? actionData : null;
          return (
            <TierEditor
              key={t.name}
              name={t.name}
              values={mine && !mine.ok && mine.values ? mine.values : t.values}
              limits={t.limits}
              stored={t.id !== null}
              errors={mine?.errors}
              result={mine ?? undefined}
              busy={busy}
            />
          );
        })}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
