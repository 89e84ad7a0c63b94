import { ArrowLeft, GitMerge } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-parse.ts";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { plural } from "~/lib/wording.ts";
import { linkedRowsText, showValue } from "../compare-records.ts";
import type { confirmMerges, PairConfirmation } from "../server/merge-confirmation.server.ts";
import type { FieldOutcome } from "../merge-preview.ts";
import type { QueueOutcome } from "../queue-outcome.ts";

export interface MergeConfirmationData {
  items: Awaited<ReturnType<typeof confirmMerges>>;
  /** Why there is nothing to confirm (nothing was selected). */
  notice?: string | null;
}

const QUEUE = "/admin/duplicate-management";

function outcomeText(outcome: FieldOutcome, other: string): string {
  switch (outcome) {
    case "kept":
      return "kept";
    case "taken":
      return `replaced by ${other}'s`;
    case "filled":
      return `filled from ${other}`;
    case "combined":
      return "both combined";
    case "recomputed":
      return "recomputed from both";
  }
}

const lostSummary = (pair: PairConfirmation) =>
  pair.changes
    .filter((c) => c.lost !== null)
    .map((c) => c.label)
    .join(", ") || "nothing";

/** The pair's evidence and the field-by-field outcome: what the survivor keeps and what the merge loses. */
function PairOutcome({ pair, headingLevel }: { pair: PairConfirmation; headingLevel: "h2" | "h3" }) {
  const Heading = headingLevel;
  const headingId = `merge-${pair.other.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="merge-confirmation-pair">
      <Heading id={headingId} className="font-semibold">
        Merge {pair.other.name} into {pair.survivor.name}
      </Heading>
      <p className="text-sm text-fg-muted">
        {pair.score !== null ? `Similarity ${pair.score.toFixed(2)}` : "Not scored"}
        {pair.reasons.length ? ` · ${pair.reasons.join("; ")}` : " · no match reasons"}
      </p>
      <p className="text-sm">
        <span className="font-medium">{pair.survivor.name}</span> (created {showValue(pair.survivor.createdAt)}) survives and keeps its
        address; <span className="font-medium">{pair.other.name}</span> (created {showValue(pair.other.createdAt)}) is archived and its
        address redirects to it.
      </p>
      {pair.changes.length ? (
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">What {pair.survivor.name} keeps and what is lost</caption>
          <colgroup>
            <col className="w-[30%] sm:w-40" />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-3 font-medium text-fg-muted">
                Field
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                After the merge
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Lost
              </th>
            </tr>
          </thead>
          <tbody>
            {pair.changes.map((change) => (
              <tr key={change.field} className="border-b border-border/60 align-top" data-field={change.field}>
                <th scope="row" className="py-2 pr-3 font-normal [overflow-wrap:break-word] text-fg-muted">
                  {change.label}
                </th>
                <td className="py-2 pr-3 [overflow-wrap:anywhere]">
                  <span className="line-clamp-4">{showValue(change.result)}</span>
                  <span className="block text-xs text-fg-muted">{outcomeText(change.outcome, pair.other.name)}</span>
                </td>
                <td className={change.lost === null ? "py-2 pr-3 text-fg-muted" : "py-2 pr-3 [overflow-wrap:anywhere] text-danger"}>
                  <span className="line-clamp-4">{change.lost === null ? "nothing" : showValue(change.lost)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="text-xs text-fg-muted">
        {pair.same ? `${plural(pair.same, "other field")} already the same on both. ` : ""}
        Moving to {pair.survivor.name}: {linkedRowsText(pair.moving)}. Every merge can be undone under Recent merges.
      </p>
    </section>
  );
}

/**
 * The confirmation itself, on its page or in the merge dialog: every pair's outcome, and one form that posts the
 * confirmed pairs (each with its signed token) to the queue's action. Pairs that cannot be merged are said so and
 * left out of the form.
 */
export function MergeConfirmation({
  data,
  onCancel,
  onDone,
  headingLevel = "h2",
}: {
  data: MergeConfirmationData;
  /** Each pair's heading: below the page's h1, or below the dialog's title (an h2). */
  headingLevel?: "h2" | "h3";
  onCancel?: () => void;
  /** In the dialog: the answer goes here (the page stays as it is); on the page, the queue shows it. */
  onDone?: (result: FormResult<string, QueueOutcome | undefined>) => void;
}) {
  const fetcher = useFetcher<FormResult<string, QueueOutcome | undefined>>();
  const SubmitForm = onDone ? fetcher.Form : Form;
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  // Each answer once, however often the parent renders a new onDone.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!answered || handled.current === answered) return;
    handled.current = answered;
    onDone?.(answered);
  }, [answered, onDone]);
  const pairs = data.items.flatMap((item) => ("pair" in item ? [item.pair] : []));
  const refused = data.items.flatMap((item) => ("error" in item ? [item.error] : []));
  const single = data.items.length === 1;
  return (
    <div className="grid gap-6">
      {data.notice ? (
        <p role="alert" className="text-sm text-danger">
          {data.notice}
        </p>
      ) : null}
      {refused.length ? (
        <ul role="alert" className="grid gap-1 text-sm text-danger">
          {refused.map((error, i) => (
            <li key={i}>Cannot merge: {error}</li>
          ))}
        </ul>
      ) : null}
      {single && pairs[0] ? (
        <PairOutcome pair={pairs[0]} headingLevel={headingLevel} />
      ) : (
        <ul className="grid gap-3">
          {pairs.map((pair) => (
            <li key={pair.confirmed} className="rounded-lg border border-border p-3">
              <details>
                <summary className="cursor-pointer text-sm">
                  <span className="font-medium">
                    {pair.other.name} into {pair.survivor.name}
                  </span>
                  {pair.score !== null ? ` · ${pair.score.toFixed(2)}` : ""} · {plural(pair.changes.length, "field")} differ · loses:{" "}
                  {lostSummary(pair)}
                </summary>
                <div className="mt-3">
                  <PairOutcome pair={pair} headingLevel={headingLevel} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <SubmitForm method="post" action={QUEUE} className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="merge" />
        {pairs.map((pair) => (
          <input key={pair.confirmed} type="hidden" name="confirmed" value={pair.confirmed} />
        ))}
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={QUEUE} className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
        )}
        {pairs.length ? (
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            <GitMerge aria-hidden="true" />
            {single ? `Merge into ${pairs[0]!.survivor.name}` : `Merge ${plural(pairs.length, "pair")}`}
          </Button>
        ) : null}
      </SubmitForm>
    </div>
  );
}

/** The confirmation as a page of its own: what "Merge" leads to without JavaScript. */
export function MergeConfirmationPage({ data }: { data: MergeConfirmationData }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={QUEUE} className="inline-flex items-center gap-1 text-sm text-fg-muted hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Duplicate management
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">
        {data.items.length === 0
          ? "Nothing to merge"
          : data.items.length === 1
            ? "Confirm the merge"
            : `Confirm ${plural(data.items.length, "merge")}`}
      </h1>
      <p className="mt-2 text-sm text-fg-muted">
        Check what each surviving listing keeps and what is lost; nothing changes until you confirm.
      </p>
      <div className="mt-6">
        <MergeConfirmation data={data} />
      </div>
    </div>
  );
}
