import { ExternalLink, Eye, GitMerge } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import { useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { CompareRecordsDialog } from "./compare-records-dialog.tsx";
import { MergeConfirmation, type MergeConfirmationData } from "./merge-confirmation-view.tsx";

export interface PairRecord {
  id: string;
  name: string;
}

/** The merge confirmation of a pair (decision 0091): a page without JavaScript, the merge dialog's content with it. */
const mergeConfirmationUrl = (ids: readonly [string, string], keep?: string) =>
  `/admin/duplicate-management/merge?${new URLSearchParams({ pair: `${ids[0]}_${ids[1]}`, ...(keep ? { keep } : {}) })}`;

/** The merge dialog: loads the confirmation page's data and shows the same confirmation. Mounted per opening. */
function MergeDialog({
  url,
  open,
  onOpenChange,
  onMerged,
}: {
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMerged: () => void;
}) {
  const fetcher = useFetcher<MergeConfirmationData>();
  const { load } = fetcher;
  useEffect(() => {
    void load(url);
  }, [load, url]);
  const data = fetcher.data?.items ? fetcher.data : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Confirm the merge" className="max-w-3xl">
      {data ? (
        <MergeConfirmation
          data={data}
          headingLevel="h3"
          onCancel={() => onOpenChange(false)}
          onDone={(result) => {
            onOpenChange(false);
            const merged = result.data?.intent === "merge" && result.data.merged.length > 0;
            toast({
              title: merged ? "Records merged" : "Nothing was merged",
              description: result.message,
              variant: merged ? undefined : "destructive",
            });
            if (merged) onMerged();
          }}
        />
      ) : fetcher.state === "idle" && fetcher.data ? (
        <p role="alert" className="text-sm text-danger">
          Could not load what this merge would do. Try again.
        </p>
      ) : (
        <Spinner label="Working out what the merge keeps and loses" />
      )}
    </Dialog>
  );
}

/**
 * View Details, Merge Now and one editor link per record for one pair (spec 02 §2). The specification's "Open in
 * spreadsheet" opened the record in the hosted base; ours opens the listing in our own editor (issue 5 §1), so the
 * link says so and names the listing. Merge Now no longer merges in one click (issue 32): it opens the confirmation
 * of what the survivor keeps and loses (a page without JavaScript, a dialog with it).
 */
export function ReviewItemActions({ records, onMerged }: { records: [PairRecord, PairRecord]; onMerged: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The survivor chosen in the compare dialog; without a choice, the listing created first.
  const [keep, setKeep] = useState<string | undefined>(undefined);
  const recordIds: [string, string] = [records[0].id, records[1].id];
  const url = mergeConfirmationUrl(recordIds, keep);

  function openConfirmation(event: MouseEvent) {
    event.preventDefault();
    setKeep(undefined);
    setConfirming(true);
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Eye aria-hidden="true" /> View Details
      </Button>
      <a href={mergeConfirmationUrl(recordIds)} onClick={openConfirmation} className={buttonClass({ size: "sm" })}>
        <GitMerge aria-hidden="true" /> Merge Now
      </a>
      {records.map((record) => (
        <a
          key={record.id}
          href={`/admin/listings/${record.id}`}
          target="_blank"
          rel="noopener"
          aria-label={`Edit ${record.name} in the listing editor (opens in a new tab)`}
          className={buttonClass({ variant: "ghost", size: "sm", className: "max-w-full" })}
        >
          <ExternalLink aria-hidden="true" />
          <span className="truncate">Edit {record.name}</span>
        </a>
      ))}
      {confirming ? <MergeDialog url={url} open={confirming} onOpenChange={setConfirming} onMerged={onMerged} /> : null}
      <CompareRecordsDialog
        open={open}
        onOpenChange={setOpen}
        recordIds={recordIds}
        onMerge={(survivorId) => {
          setOpen(false);
          setKeep(survivorId);
          setConfirming(true);
        }}
      />
    </div>
  );
}
