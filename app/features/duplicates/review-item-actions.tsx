import { ExternalLink, Eye, GitMerge } from "lucide-react";
import { useState } from "react";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { toast } from "~/components/ui/toaster.tsx";

type Company = Record<string, unknown> & { id: string; name: string };
interface CompanyDetails {
  company: Company;
  links: Record<string, number>;
}

/** The fields an operator compares side by side to decide whether two records are one company. */
const COMPARED: Array<[key: string, label: string]> = [
  ["name", "Name"],
  ["type", "Type"],
  ["websiteUrl", "Website"],
  ["linkedinUrl", "LinkedIn"],
  ["tagline", "Tagline"],
  ["foundedYear", "Founded"],
  ["processingStatus", "Status"],
  ["dataSource", "Data source"],
  ["createdAt", "Created"],
];

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return String(value);
}

/**
 * View Details, Merge Now and Open in spreadsheet for one pair (spec 02 §2). "Open in spreadsheet" opens our
 * listing editor (issue 5 §1); details come from GET /api/admin/get-company, once per record (spec 02 §7).
 */
export function ReviewItemActions({ recordIds, onMerged }: { recordIds: [string, string]; onMerged: () => void }) {
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState<CompanyDetails[] | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [merging, setMerging] = useState(false);

  async function viewDetails() {
    setOpen(true);
    setDetailError(null);
    try {
      const answers = await Promise.all(
        recordIds.map(async (id) => {
          const response = await fetch(`/api/admin/get-company?recordId=${encodeURIComponent(id)}`);
          if (!response.ok) throw new Error("Failed to fetch company details");
          return (await response.json()) as CompanyDetails;
        }),
      );
      setDetails(answers);
    } catch {
      setDetailError("Failed to fetch company details");
    }
  }

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
      setOpen(false);
      onMerged();
    } catch {
      toast({ title: "Network error during merge", variant: "destructive" });
    } finally {
      setMerging(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={viewDetails}>
        <Eye aria-hidden="true" /> View Details
      </Button>
      <Button size="sm" onClick={mergeNow} disabled={merging}>
        <GitMerge aria-hidden="true" /> {merging ? "Merging…" : "Merge Now"}
      </Button>
      {recordIds.map((id, i) => (
        <a key={id} href={`/admin/listings/${id}`} target="_blank" rel="noopener" className={buttonClass({ variant: "ghost", size: "sm" })}>
          <ExternalLink aria-hidden="true" /> Open in spreadsheet{recordIds.length > 1 ? ` (${i + 1})` : ""}
        </a>
      ))}
      <Dialog open={open} onOpenChange={setOpen} title="Compare the two records" className="max-w-3xl">
        {detailError ? (
          <p role="alert" className="text-sm text-danger">
            {detailError}
          </p>
        ) : !details ? (
          <Spinner label="Loading the two records" />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-3 font-medium text-fg-muted">
                    Field
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Record 1 (kept)
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Record 2 (merged into 1)
                  </th>
                </tr>
              </thead>
              <tbody>
                {COMPARED.map(([key, label]) => (
                  <tr key={key} className="border-b border-border/60 align-top">
                    <th scope="row" className="py-2 pr-3 font-normal text-fg-muted">
                      {label}
                    </th>
                    {details.map((d) => (
                      <td key={d.company.id} className="py-2 pr-3 break-all">
                        {show(d.company[key])}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr className="align-top">
                  <th scope="row" className="py-2 pr-3 font-normal text-fg-muted">
                    Linked rows
                  </th>
                  {details.map((d) => (
                    <td key={d.company.id} className="py-2 pr-3 text-xs">
                      {Object.entries(d.links)
                        .map(([k, n]) => `${k.split(".")[0]!.replace(/_/g, " ")}: ${n}`)
                        .join(", ") || "none"}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
            <p className="mt-3 text-xs text-fg-muted">
              Merge Now keeps the listing added first; the other one's address will redirect to it.
            </p>
          </div>
        )}
      </Dialog>
    </div>
  );
}
