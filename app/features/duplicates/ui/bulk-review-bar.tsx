import { GitMerge, XCircle } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { plural } from "~/lib/wording.ts";

/** The form the queue's checkboxes belong to (they sit in each item, outside it: forms do not nest). */
export const BULK_FORM = "bulk-review";

export const toggled = (set: ReadonlySet<string>, id: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/**
 * The queue's bulk actions (issue 32): select pairs (or all on the page), then dismiss them at once, or merge them
 * after the bulk confirmation (a GET to the confirmation page, which lists what each survivor keeps and loses).
 * Without JavaScript the boxes are plain form fields and "Select all" reloads the page with every box ticked.
 */
export function BulkReviewBar({
  ids,
  selected,
  onSelect,
  disabled,
}: {
  ids: readonly string[];
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  disabled: boolean;
}) {
  const hydrated = useHydrated();
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-muted/50 p-3 text-sm"
      data-testid="bulk-review-bar"
    >
      {hydrated ? (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={all}
            onChange={(event) => onSelect(new Set(event.currentTarget.checked ? ids : []))}
            className="size-4 accent-accent"
          />
          Select all on this page
        </label>
      ) : (
        <a href="?status=open&select=all" className="underline">
          Select all on this page
        </a>
      )}
      {hydrated ? <span className="text-fg-muted">{plural(selected.size, "pair")} selected</span> : null}
      <Form id={BULK_FORM} method="post" className="ml-auto flex flex-wrap gap-2">
        <Button
          type="submit"
          name="intent"
          value="dismiss-selected"
          variant="secondary"
          size="sm"
          disabled={disabled || (hydrated && !selected.size)}
        >
          <XCircle aria-hidden="true" /> Dismiss selected
        </Button>
        <Button
          type="submit"
          formMethod="get"
          formAction="/admin/duplicate-management/merge"
          size="sm"
          disabled={disabled || (hydrated && !selected.size)}
        >
          <GitMerge aria-hidden="true" /> Merge selected…
        </Button>
      </Form>
    </div>
  );
}
