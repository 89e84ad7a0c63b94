import { AlertTriangle } from "lucide-react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { StatusTabs } from "~/components/admin/status-tabs.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import { formatDateTime } from "~/lib/format-date.ts";
import { CleanupTool } from "./cleanup-tool.tsx";
import { REVIEW_STATUSES } from "#db/values/duplicate-reviews.ts";
import type { DuplicateManagementData } from "../server/duplicate-management.server.ts";
import { BULK_FORM, BulkReviewBar, toggled } from "./bulk-review-bar.tsx";
import { QueueOutcomeNotice } from "./queue-outcome-notice.tsx";
import { ReviewItemActions } from "./review-item-actions.tsx";
import type { QueueOutcome } from "../queue-outcome.ts";
import type { ReviewStatus } from "../server/review-queue.server.ts";

const STATUS_LABELS: Record<ReviewStatus, string> = { open: "To review", merged: "Merged", dismissed: "Dismissed" };
const EMPTY_QUEUE: Record<ReviewStatus, string> = {
  open: "Nothing to review: pairs from live scans, imports and members' reports appear here.",
  merged: "No reviewed pairs have been merged yet.",
  dismissed: "No pairs have been dismissed.",
};
const SOURCE_LABELS = { scan: "Found by a scan", report: "Reported by a member", import: "Found by an import" } as const;

/** A one-button form posting an intent and the id it acts on (works without JavaScript). */
function IntentButton({
  intent,
  name,
  value,
  variant,
  disabled,
  children,
}: {
  intent: string;
  name: string;
  value: string;
  variant: "ghost" | "secondary";
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" variant={variant} size="sm" disabled={disabled}>
        {children}
      </Button>
    </Form>
  );
}

type ReviewItem = DuplicateManagementData["reviews"][number];

/** One pair in the queue: its listings, why it is there, and (while open) the merge and dismiss actions. */
function ReviewQueueItem({
  review: r,
  status,
  selected,
  onSelect,
  busy,
  onMerged,
}: {
  review: ReviewItem;
  status: ReviewStatus;
  selected: Set<string>;
  onSelect: (next: Set<string>) => void;
  busy: boolean;
  onMerged: () => void;
}) {
  return (
    <li className="rounded-lg border border-border p-4 text-sm" data-testid="review-queue-item">
      <div className="flex flex-wrap items-center gap-2">
        {status === "open" ? (
          <input
            type="checkbox"
            form={BULK_FORM}
            name="reviewId"
            value={r.id}
            checked={selected.has(r.id)}
            onChange={(event) => onSelect(toggled(selected, r.id, event.currentTarget.checked))}
            aria-label={`Select ${r.listings[0]!.name} and ${r.listings[1]!.name}`}
            className="size-4 accent-accent"
          />
        ) : null}
        {r.listings.map((l, i) => (
          <span key={l.id}>
            {i > 0 ? <span className="mr-2 text-fg-muted">and</span> : null}
            <a href={l.profile} className="font-medium hover:underline">
              {l.name}
            </a>
            {l.status !== "published" ? <span className="text-fg-muted"> ({l.status})</span> : null}
          </span>
        ))}
        <Badge variant="outline">{SOURCE_LABELS[r.source]}</Badge>
      </div>
      <p className="mt-1 text-fg-muted">
        {r.score !== null ? `Similarity ${r.score.toFixed(2)}` : "Not scored"}
        {r.reasons.length ? ` · ${r.reasons.join("; ")}` : ""} · {formatDateTime(r.createdAt)}
        {r.reporter ? ` · reported by ${r.reporter}` : ""}
      </p>
      {r.note ? <p className="mt-1 italic">“{r.note}”</p> : null}
      {status === "open" ? (
        <div className="mt-3 flex flex-wrap items-start gap-2">
          <ReviewItemActions records={[r.listings[0]!, r.listings[1]!]} onMerged={onMerged} />
          <IntentButton intent="dismiss" name="reviewId" value={r.id} variant="ghost" disabled={busy}>
            Not a duplicate
          </IntentButton>
        </div>
      ) : null}
    </li>
  );
}

/** The latest merges, each with its undo button until it is undone. */
function RecentMerges({ merges, busy }: { merges: DuplicateManagementData["merges"]; busy: boolean }) {
  return (
    <section aria-labelledby="merges-heading" className="mt-12">
      <h2 id="merges-heading" className="text-lg font-semibold">
        Recent merges
      </h2>
      {merges.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">No merges yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-lg border border-border">
          {merges.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm" data-testid="recent-merge">
              <div>
                <p>
                  <span className="font-medium">{m.merged}</span> merged into{" "}
                  <a href={m.survivorProfile} className="font-medium hover:underline">
                    {m.survivor}
                  </a>
                </p>
                <p className="text-xs text-fg-muted">
                  {formatDateTime(m.mergedAt)}
                  {m.mergedBy ? ` · by ${m.mergedBy}` : ""}
                  {m.score !== null ? ` · ${m.score.toFixed(2)}` : ""}
                  {m.reasons.length ? ` · ${m.reasons.join("; ")}` : ""}
                </p>
              </div>
              {m.undone ? (
                <Badge variant="outline">Undone</Badge>
              ) : (
                <IntentButton intent="undo" name="mergeId" value={m.id} variant="secondary" disabled={busy}>
                  Undo merge
                </IntentButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Spec 02 §2 "/admin/duplicate-management": the review queue, recent merges (with undo) and the cleanup tool. */
export function DuplicateManagementPage({
  page,
  result: actionData,
}: {
  page: DuplicateManagementData;
  result?: FormResult<string, QueueOutcome | undefined>;
}) {
  const { reviews, counts, status, merges, totalCompanies } = page;
  const revalidator = useRevalidator();
  const busy = useNavigation().state !== "idle";
  const refresh = useCallback(() => void revalidator.revalidate(), [revalidator]);
  // Without JavaScript, "Select all on this page" reloads the page with every box ticked (?select=all).
  const [selected, setSelected] = useState<Set<string>>(() => new Set(page.selectAll ? reviews.map((r) => r.id) : []));
  useEffect(() => setSelected((current) => new Set(reviews.map((r) => r.id).filter((id) => current.has(id)))), [reviews]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Duplicate management</h1>
        <Badge variant="featured">Production Admin</Badge>
      </div>
      <p role="note" className="mt-4 flex gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        You are working on production data. Use Dry Run first to see what a cleanup would do before merging anything; every merge can be
        undone below.
      </p>
      {actionData ? <QueueOutcomeNotice result={actionData} /> : null}

      <section aria-labelledby="queue-heading" className="mt-10">
        <h2 id="queue-heading" className="text-lg font-semibold">
          Review queue
        </h2>
        <StatusTabs label="Review items by status" tabs={REVIEW_STATUSES} current={status} labels={STATUS_LABELS} counts={counts} />
        {reviews.length === 0 ? (
          <p className="mt-4 text-sm text-fg-muted">{EMPTY_QUEUE[status]}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {status === "open" ? (
              <li>
                <BulkReviewBar ids={reviews.map((r) => r.id)} selected={selected} onSelect={setSelected} disabled={busy} />
              </li>
            ) : null}
            {reviews.map((r) => (
              <ReviewQueueItem
                key={r.id}
                review={r}
                status={status}
                selected={selected}
                onSelect={setSelected}
                busy={busy}
                onMerged={refresh}
              />
            ))}
          </ul>
        )}
      </section>

      <RecentMerges merges={merges} busy={busy} />

      <section aria-labelledby="cleanup-heading" className="mt-12">
        <h2 id="cleanup-heading" className="text-lg font-semibold">
          Duplicate cleanup
        </h2>
        <CleanupTool totalCompanies={totalCompanies} onChanged={refresh} />
      </section>
    </div>
  );
}
