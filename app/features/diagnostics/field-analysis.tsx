import { ChevronRight } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import { formatRate, type FieldComparison, type MappingConfidence } from "./field-mapping.ts";

type Comparison = FieldComparison & { method: string; table: string };

const CONFIDENCE_HINT: Record<MappingConfidence, string> = {
  exact: "the same name",
  case: "the same words, in another case or writing convention",
  partial: "one name contains the other",
  alias: "declared in our alias table",
};

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-border bg-surface-muted px-4 py-3">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function NameList({ names, empty }: { names: readonly string[]; empty: string }) {
  if (names.length === 0) return <p className="mt-2 text-sm text-fg-muted">{empty}</p>;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5">
      {names.map((name) => (
        <li key={name}>
          <Badge variant="outline" className="font-mono font-normal">
            {name}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** Spec 02 §2: the Companies table's known fields against its detected ones. */
export function CompaniesComparison({ id, comparison, detectedLabel }: { id: string; comparison: Comparison; detectedLabel: string }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-base font-semibold">
        Companies: known and detected fields
      </h3>
      <p className="mt-1 text-sm text-fg-muted">
        The Company record&apos;s fields of the specification against what <code className="font-mono">{comparison.table}</code> has (
        {comparison.method}).
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Known fields" value={String(comparison.known)} />
        <Stat label={detectedLabel} value={String(comparison.detected)} />
        <Stat label="Matched" value={String(comparison.matched)} />
        <Stat label="Detection rate" value={formatRate(comparison.detectionRate)} testId={`${id}-rate`} />
      </dl>
      <h4 className="mt-4 text-sm font-medium">Fields not detected</h4>
      <NameList names={comparison.notDetected} empty="None: every known field was detected." />
    </section>
  );
}

/** Spec 02 §2 and §4: mapped fields with their confidence, missing ones, and extra ones. */
export function MappingAnalysis({ id, comparison, targetLabel }: { id: string; comparison: Comparison; targetLabel: string }) {
  const { mapped, missing, extra } = comparison.mapping;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="text-base font-semibold">
        Field mapping analysis
      </h3>
      <p className="mt-1 text-sm text-fg-muted">
        {mapped.length} mapped, {missing.length} missing, {extra.length} extra. Confidence: exact ({CONFIDENCE_HINT.exact}), case (
        {CONFIDENCE_HINT.case}), partial ({CONFIDENCE_HINT.partial}), alias ({CONFIDENCE_HINT.alias}).
      </p>
      <details className="group mt-3 rounded-lg border border-border px-4 py-2">
        <summary className="flex cursor-pointer list-none items-center gap-2 py-1 text-sm font-medium [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-4 shrink-0 text-fg-muted transition-transform group-open:rotate-90" aria-hidden="true" />
          Mapped ({mapped.length})
        </summary>
        <div className="overflow-x-auto pb-2">
          <table className="mt-2 w-full min-w-[28rem] text-sm">
            <caption className="sr-only">Known fields and what they map to</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col" className="py-2 pr-3 text-left text-xs font-medium text-fg-muted">
                  Known field
                </th>
                <th scope="col" className="px-3 py-2 text-left text-xs font-medium text-fg-muted">
                  {targetLabel}
                </th>
                <th scope="col" className="px-3 py-2 text-left text-xs font-medium text-fg-muted">
                  Confidence
                </th>
              </tr>
            </thead>
            <tbody>
              {mapped.map((m) => (
                <tr key={m.field} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                    {m.field}
                  </th>
                  <td className="px-3 py-1.5">
                    <code className="font-mono text-[0.8125rem]">{m.target}</code>
                    {m.kind === "table" ? <span className="text-fg-muted"> (table)</span> : null}
                  </td>
                  <td className="px-3 py-1.5">
                    <Badge variant={m.confidence === "exact" ? "accent" : "neutral"} title={CONFIDENCE_HINT[m.confidence]}>
                      {m.confidence}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <h4 className="mt-4 text-sm font-medium">Missing ({missing.length})</h4>
      <NameList names={missing} empty="None." />
      <h4 className="mt-4 text-sm font-medium">Extra ({extra.length})</h4>
      <NameList names={extra} empty="None." />
    </section>
  );
}
