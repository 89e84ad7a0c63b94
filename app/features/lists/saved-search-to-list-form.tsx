import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { ListChoice } from "./saved-search-to-list.server.ts";

export const ADD_RESULTS_TO_LIST = "add-results-to-list";
export type AddResultsResult = FormResult<"listId">;

/**
 * "Add the N new results to <list>" on an opened saved search (issue 37, decision 0121): a plain form posting the
 * listings the page shows as new and the chosen list to the page's action, so it works without JavaScript.
 */
export function SavedSearchToListForm({ choices, listingIds }: { choices: ListChoice[]; listingIds: string[] }) {
  const result = useActionData<AddResultsResult | undefined>();
  const busy = useNavigation().state !== "idle";
  const answer = result?.intent === ADD_RESULTS_TO_LIST ? result : null;
  const status = answer?.message ? (
    <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "text-sm" : "text-sm text-danger"}>
      {answer.message}
    </p>
  ) : null;
  if (!listingIds.length) return status;
  if (!choices.length)
    return (
      <p className="text-sm text-fg-muted">
        <Link to="/lists" className="text-accent underline">
          Make a list
        </Link>{" "}
        to keep these results with your notes.
      </p>
    );
  const n = listingIds.length;
  return (
    <div className="grid gap-2">
      <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value={ADD_RESULTS_TO_LIST} />
        {listingIds.map((id) => (
          <input key={id} type="hidden" name="listingId" value={id} />
        ))}
        <FormField
          label={`Add the ${n} new ${n === 1 ? "result" : "results"} to`}
          className="min-w-56 flex-1"
          error={answer?.errors?.listId}
        >
          {(field) => (
            <select {...field} name="listId" defaultValue={choices[0]!.id}>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.teamName ?? "private"})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" disabled={busy}>
          Add to list
        </Button>
      </Form>
      {status}
    </div>
  );
}
