/**
 * What an operator's action on the review queue really did (issue 32): how many pairs were merged, dismissed,
 * reopened or undone, and the first errors of those that were not. The page says it in words and offers the undo
 * for exactly the items that changed.
 */
import { plural } from "~/lib/wording.ts";

export type QueueOutcome =
  | { intent: "merge"; merged: Array<{ mergeId: string; survivor: string; merged: string }>; failed: string[] }
  | { intent: "undo"; undone: string[]; failed: string[] }
  | { intent: "dismiss" | "reopen"; reviewIds: string[]; failed: string[] };

/** How many failures the message quotes; the rest are counted. */
const QUOTED_ERRORS = 3;

function failures(failed: string[], verb: string): string {
  if (!failed.length) return "";
  const quoted = failed.slice(0, QUOTED_ERRORS).join(" ");
  const more = failed.length > QUOTED_ERRORS ? ` (and ${failed.length - QUOTED_ERRORS} more)` : "";
  return ` ${plural(failed.length, "pair")} not ${verb}: ${quoted}${more}`;
}

export function describeOutcome(outcome: QueueOutcome): string {
  switch (outcome.intent) {
    case "merge": {
      const [only] = outcome.merged;
      const done =
        outcome.merged.length === 1 && !outcome.failed.length
          ? `Merged ${only!.merged} into ${only!.survivor}, which keeps its address.`
          : outcome.merged.length
            ? `Merged ${plural(outcome.merged.length, "pair")}.`
            : "Nothing was merged.";
      return done + failures(outcome.failed, "merged");
    }
    case "undo":
      return (
        (outcome.undone.length === 1 && !outcome.failed.length
          ? "Merge undone: both listings are back as they were."
          : `Undid ${plural(outcome.undone.length, "merge")}: the listings are back as they were.`) + failures(outcome.failed, "undone")
      );
    case "dismiss":
      return (
        (outcome.reviewIds.length === 1 && !outcome.failed.length
          ? "Dismissed: this pair will not be raised again."
          : `Dismissed ${plural(outcome.reviewIds.length, "pair")}: they will not be raised again.`) + failures(outcome.failed, "dismissed")
      );
    case "reopen":
      return `Reopened ${plural(outcome.reviewIds.length, "pair")}: back in the review queue.` + failures(outcome.failed, "reopened");
  }
}
