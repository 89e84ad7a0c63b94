import { Link, useNavigation } from "react-router";
import type { FormResult } from "~/lib/form-parse.ts";
import type { TierRow } from "./edit-tier.server.ts";
import { TierEditor } from "./tier-editor.tsx";
import type { TierField } from "./tier-form.ts";

/** A tier's form result: `target` names the tier it was for (none when the post named no tier). */
export type TierSubmission = FormResult<TierField, undefined, Record<TierField, string>>;

/** The three tier records (issue 5 §1), each with the limits the quota code applies now. */
export function TiersPage({ tiers, result: actionData }: { tiers: TierRow[]; result?: TierSubmission }) {
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
      {actionData && !actionData.target ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {actionData.message}
        </p>
      ) : null}
      <div className="mt-8 grid gap-6">
        {tiers.map((t) => {
          const mine = actionData?.target === t.name ? actionData : null;
          return (
            <TierEditor
              key={t.name}
              name={t.name}
              values={mine && !mine.ok && mine.values ? mine.values : t.values}
              limits={t.limits}
              stored={t.id !== null}
              errors={mine?.errors}
              result={mine ? { ok: mine.ok, message: mine.message ?? "" } : undefined}
              busy={busy}
            />
          );
        })}
      </div>
    </div>
  );
}
