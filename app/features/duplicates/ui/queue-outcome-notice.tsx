import { Undo2 } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { plural } from "~/lib/wording.ts";
import type { QueueOutcome } from "../queue-outcome.ts";

/**
 * What the queue's last action did, in words, with its undo for exactly the items it changed (issue 32): a merge of
 * one or many pairs is undone by the merge undo, a dismissal by reopening the pairs.
 */
export function QueueOutcomeNotice({ result }: { result: FormResult<string, QueueOutcome | undefined> }) {
  const outcome = result.data;
  const undo =
    outcome?.intent === "merge" && outcome.merged.length
      ? {
          intent: "undo",
          name: "mergeId",
          ids: outcome.merged.map((m) => m.mergeId),
          label: outcome.merged.length === 1 ? "Undo this merge" : `Undo these ${plural(outcome.merged.length, "merge")}`,
        }
      : outcome?.intent === "dismiss" && outcome.reviewIds.length
        ? {
            intent: "reopen",
            name: "reviewId",
            ids: outcome.reviewIds,
            label:
              outcome.reviewIds.length === 1
                ? "Undo: back to the queue"
                : `Undo: ${plural(outcome.reviewIds.length, "pair")} back to the queue`,
          }
        : null;
  return (
    <div
      role="status"
      className={`mt-4 flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2 text-sm ${result.ok && !failedAny(outcome) ? "border-success/40 text-success" : "border-danger/40 text-danger"}`}
      data-testid="queue-outcome"
    >
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">{result.message}</p>
      {undo ? (
        <Form method="post">
          <input type="hidden" name="intent" value={undo.intent} />
          {undo.ids.map((id) => (
            <input key={id} type="hidden" name={undo.name} value={id} />
          ))}
          <Button type="submit" variant="secondary" size="sm">
            <Undo2 aria-hidden="true" /> {undo.label}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

const failedAny = (outcome: QueueOutcome | undefined) => Boolean(outcome?.failed.length);
