import { GitMerge } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Dialog } from "~/components/ui/dialog.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { getJson } from "~/lib/api-client.ts";
import { linkedRowsText, showValue } from "../compare-records.ts";

type Company = Record<string, unknown> & { id: string; name: string; createdAt?: string };
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
  ["updatedAt", "Last updated"],
];

const FAILED = "Failed to fetch company details";

/**
 * The two records from GET /api/admin/get-company (spec 02 §7), read again each time the dialog opens, and the
 * listing chosen to survive: the one created first is proposed, as Merge Now and the scans would keep it.
 */
function useRecordPair(open: boolean, [first, second]: [string, string]) {
  const [details, setDetails] = useState<CompanyDetails[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [survivorId, setSurvivorId] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setDetails(null);
    setError(null);
    const read = (id: string) => getJson<CompanyDetails>(`/api/admin/get-company?recordId=${encodeURIComponent(id)}`);
    void Promise.all([read(first), read(second)]).then((answers) => {
      if (!live) return;
      const found = answers.flatMap((answer) => (answer.ok && answer.data ? [answer.data] : []));
      if (found.length < 2) return setError(FAILED);
      setDetails(found);
      const byAge = [...found].sort((a, b) => String(a.company.createdAt).localeCompare(String(b.company.createdAt)));
      setSurvivorId(byAge[0]!.company.id);
    });
    return () => {
      live = false;
    };
  }, [open, first, second]);

  return { details, error, survivorId, setSurvivorId };
}

/** The compared fields side by side, with which record is kept; fixed columns keep both records side by side on a phone. */
function ComparisonTable({ details, survivorId }: { details: CompanyDetails[]; survivorId: string | null }) {
  return (
    <div>
      {/* Fixed columns: on a phone both records stay side by side, long addresses wrapping inside their cell. */}
      <table className="w-full table-fixed text-left text-sm">
        <colgroup>
          <col className="w-[28%] sm:w-36" />
          <col />
          <col />
        </colgroup>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-3 font-medium text-fg-muted">
              Field
            </th>
            {details.map(({ company }, i) => (
              <th key={company.id} scope="col" className="py-2 pr-3 align-top font-medium">
                Record {i + 1}{" "}
                <span className="block text-xs font-normal text-fg-muted">
                  {company.id === survivorId ? "(kept)" : "(merged into the kept one)"}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARED.map(([key, label]) => (
            <tr key={key} className="border-b border-border/60 align-top">
              <th scope="row" className="py-2 pr-3 font-normal [overflow-wrap:anywhere] text-fg-muted">
                {label}
              </th>
              {details.map((d) => (
                <td key={d.company.id} className="py-2 pr-3 [overflow-wrap:anywhere]">
                  {showValue(d.company[key])}
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
                {linkedRowsText(d.links)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/**
 * View Details (spec 02 §2): the two records side by side, once per record from GET /api/admin/get-company (spec 02
 * §7). The operator chooses which listing survives (the one created first is proposed); merging from here leads to
 * the confirmation of what that listing keeps and loses (decision 0091).
 */
export function CompareRecordsDialog({
  open,
  onOpenChange,
  recordIds,
  onMerge,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recordIds: [string, string];
  /** Merge keeping this listing: leads to the confirmation of what it keeps and loses (decision 0091). */
  onMerge: (survivorId: string) => void;
}) {
  const { details, error, survivorId, setSurvivorId } = useRecordPair(open, recordIds);
  const choiceName = useId();

  const survivor = details?.find((d) => d.company.id === survivorId)?.company;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Compare the two records" className="max-w-3xl">
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : !details ? (
        <Spinner label="Loading the two records" />
      ) : (
        <div className="grid gap-4">
          <fieldset>
            <legend className="text-sm font-medium">Which listing survives?</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {details.map(({ company }, i) => (
                <label
                  key={company.id}
                  className="flex cursor-pointer items-start gap-2 rounded-lg border border-border p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
                >
                  <input
                    type="radio"
                    name={choiceName}
                    value={company.id}
                    checked={survivorId === company.id}
                    onChange={() => setSurvivorId(company.id)}
                    className="mt-0.5 accent-accent"
                  />
                  <span>
                    <span className="font-medium">
                      Keep record {i + 1}: {company.name}
                    </span>
                    <span className="block text-xs text-fg-muted">Created {showValue(company.createdAt)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <ComparisonTable details={details} survivorId={survivorId} />
          <p className="text-xs text-fg-muted">
            The kept listing takes over the other one&apos;s team, funding rounds and requests and keeps its address; the other one&apos;s
            address will redirect to it. A merge can be undone under Recent merges on the duplicate management page.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button onClick={() => survivor && onMerge(survivor.id)} disabled={!survivor}>
              <GitMerge aria-hidden="true" />
              {`Merge into ${survivor?.name ?? "the kept listing"}`}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
