import { useId } from "react";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import type { loader } from "~/root.tsx";

/**
 * "Working in: <team> / Just me" (issue 37, decision 0118): the team whose lists and follows the member works on now.
 * A form posting to /teams/working-team (it works without JavaScript), which brings the member back to this page. Shown
 * only to a member of at least one team; the choices come with the root data.
 */
export function WorkingTeamSwitcher({ onNavigate }: { onNavigate: () => void }) {
  const choices = useRouteLoaderData<typeof loader>("root")?.teams;
  const busy = useNavigation().state !== "idle";
  const id = useId();
  if (!choices?.teams.length) return null;
  return (
    <Form method="post" action="/teams/working-team" onSubmit={onNavigate} className="grid gap-1 px-3 py-2">
      <label htmlFor={id} className="text-xs font-medium text-fg-muted">
        Working in
      </label>
      <div className="flex min-w-0 gap-2">
        <select
          id={id}
          name="teamId"
          defaultValue={choices.workingTeamId ?? "none"}
          key={choices.workingTeamId ?? "none"}
          className="min-w-0 flex-1 rounded-md border border-border bg-surface px-2 py-1 text-sm"
        >
          <option value="none">Just me</option>
          {choices.teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md border border-border px-2 py-1 text-sm hover:bg-surface-muted disabled:opacity-60"
        >
          Switch
        </button>
      </div>
    </Form>
  );
}
