import { ExternalLink, Eye, GitMerge } from "lucide-react";
import { useState } from "react";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { toast } from "~/components/ui/toaster.tsx";
import { CompareRecordsDialog } from "./compare-records-dialog.tsx";

export interface PairRecord {
  id: string;
  name: string;
}

/**
 * View Details, Merge Now and one editor link per record for one pair (spec 02 §2). The specification's "Open in
 * spreadsheet" opened the record in the hosted base; ours opens the listing in our own editor (issue 5 §1), so the
 * link says so and names the listing. Merge Now keeps the listing created first; the compare dialog lets the
 * operator choose.
 */
export function ReviewItemActions({ records, onMerged }: { records: [PairRecord, PairRecord]; onMerged: () => void }) {
  const [open, setOpen] = useState(false);
  const [merging, setMerging] = useState(false);
  const recordIds: [string, string] = [records[0].id, records[1].id];

  async function mergeNow() {
    setMerging(true);
    try {
      const response = await fetch("/api/admin/merge-manual-duplicate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ recordIds, dryRun: false }),
      });
      const data = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
      if (!data?.success) {
        toast({ title: data?.error || "Failed to merge records", variant: "destructive" });
        return;
      }
      toast({ title: "Records merged", description: "The older listing kept its address; the analysis runs again." });
      onMerged();
    } catch {
      toast({ title: "Network error during merge", variant: "destructive" });
    } finally {
      setMerging(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Eye aria-hidden="true" /> View Details
      </Button>
      <Button size="sm" onClick={() => void mergeNow()} disabled={merging}>
        <GitMerge aria-hidden="true" /> {merging ? "Merging…" : "Merge Now"}
      </Button>
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
      <CompareRecordsDialog
        open={open}
        onOpenChange={setOpen}
        recordIds={recordIds}
        onMerged={(message) => {
          toast({ title: "Records merged", description: message });
          onMerged();
        }}
      />
    </div>
  );
}
