import { AlertTriangle, ChevronLeft, ChevronRight, ChevronsRight, Play, RotateCcw } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { parseForm, type FieldErrors } from "~/lib/form-parse.ts";
import { CLEANUP_LIMITS, CleanupForm } from "../cleanup-response.ts";
import type { RunRequest } from "./use-cleanup-run.ts";
import { plural } from "~/lib/wording.ts";

export interface CleanupSettings {
  dryRun: boolean;
  usePythonService: boolean;
  similarity: string;
  batchSize: string;
  batchOffset: string;
  /** "1" runs this batch at once; more, or "all", run as a job. */
  batches: string;
}

export const DEFAULT_SETTINGS: CleanupSettings = {
  dryRun: true,
  usePythonService: false,
  similarity: String(CLEANUP_LIMITS.similarity.default),
  batchSize: String(CLEANUP_LIMITS.batchSize.default),
  batchOffset: String(CLEANUP_LIMITS.batchOffset.default),
  batches: "1",
};

const BATCH_CHOICES = [
  ["1", "This batch"],
  ["5", "5 batches"],
  ["20", "20 batches"],
  ["all", "Every batch to the end"],
] as const;

/** The settings checked against spec 02 §5's ranges (CleanupForm): the request to send, or a message per field. */
export function readSettings(s: CleanupSettings): { request: RunRequest | null; errors: FieldErrors<keyof CleanupSettings> } {
  const parsed = parseForm(CleanupForm, { ...s });
  if (!parsed.ok) return { request: null, errors: parsed.errors };
  const { similarity, batchSize, batchOffset } = parsed.data;
  return {
    request: {
      dryRun: s.dryRun,
      usePythonService: s.usePythonService,
      similarity,
      batchSize,
      batchOffset,
      batches: s.batches === "all" ? null : Number(s.batches),
    },
    errors: {},
  };
}

/** Spec 02 §5: Prev subtracts the size (not below 0), Next adds it, Last starts at total minus size (not below 0). */
function moveBatch(settings: CleanupSettings, move: "prev" | "next" | "reset" | "last", total: number): CleanupSettings {
  const size = Math.max(1, Number(settings.batchSize) || CLEANUP_LIMITS.batchSize.default);
  const start = Math.max(0, Number(settings.batchOffset) || 0);
  const next = {
    prev: Math.max(0, start - size),
    next: start + size,
    reset: 0,
    last: Math.max(0, total - size),
  }[move];
  return { ...settings, batchOffset: String(Math.min(next, CLEANUP_LIMITS.batchOffset.max)) };
}

function Toggle({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint: string }) {
  return (
    <label className="flex items-start gap-3 rounded-lg border border-border p-3">
      <input
        type="checkbox"
        role="switch"
        className="mt-1 size-4 accent-accent"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="text-sm font-medium">{label}</span>
        <span className="block text-xs text-fg-muted">{hint}</span>
      </span>
    </label>
  );
}

function NumberField({
  label,
  hint,
  error,
  range: [min, max, step],
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error?: string;
  range: [min: number, max: number, step: number];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode={step < 1 ? "decimal" : "numeric"}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

export function CleanupControls({
  settings,
  onChange,
  onRun,
  total,
  running,
}: {
  settings: CleanupSettings;
  onChange: (next: CleanupSettings) => void;
  onRun: () => void;
  total: number;
  running: boolean;
}) {
  const { errors } = readSettings(settings);
  const start = Number(settings.batchOffset) || 0;
  const set = (patch: Partial<CleanupSettings>) => onChange({ ...settings, ...patch });
  return (
    <form
      className="space-y-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Toggle
          label="Professional service"
          hint="Use the professional matching service. One matcher serves both here."
          checked={settings.usePythonService}
          onChange={(usePythonService) => set({ usePythonService })}
        />
        <Toggle
          label="Dry run"
          hint="Show what would be merged without changing anything."
          checked={settings.dryRun}
          onChange={(dryRun) => set({ dryRun })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField
          label="Similarity threshold"
          hint="0.5 to 1.0, in steps of 0.05"
          error={errors.similarity}
          range={[0.5, 1, 0.05]}
          value={settings.similarity}
          onChange={(similarity) => set({ similarity })}
        />
        <NumberField
          label="Batch size"
          hint="1 to 100 companies"
          error={errors.batchSize}
          range={[1, 100, 1]}
          value={settings.batchSize}
          onChange={(batchSize) => set({ batchSize })}
        />
        <NumberField
          label="Batch start"
          hint="0 to 1000"
          error={errors.batchOffset}
          range={[0, 1000, 1]}
          value={settings.batchOffset}
          onChange={(batchOffset) => set({ batchOffset })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={start === 0} onClick={() => onChange(moveBatch(settings, "prev", total))}>
          <ChevronLeft aria-hidden="true" /> Prev Batch
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onChange(moveBatch(settings, "next", total))}>
          Next Batch <ChevronRight aria-hidden="true" />
        </Button>
        <Button variant="secondary" size="sm" disabled={start === 0} onClick={() => onChange(moveBatch(settings, "reset", total))}>
          <RotateCcw aria-hidden="true" /> Reset to Start
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onChange(moveBatch(settings, "last", total))}>
          <ChevronsRight aria-hidden="true" /> Last Batch
        </Button>
      </div>
      <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm" data-testid="database-info">
        Database: {plural(total, "company")} (merged listings not counted). This batch checks companies {start + 1} to{" "}
        {Math.min(total, start + (Number(settings.batchSize) || 0))}, in the order they were added.
      </p>
      {start >= total ? (
        <p role="alert" className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Batch start {start} is at or beyond the database size ({plural(total, "company")}): there are no companies to check.
        </p>
      ) : null}
      {!settings.dryRun ? (
        <p role="alert" className="flex gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          Production mode: dry run is off. High-confidence duplicates will be merged for real and the rest queued for review. Every merge
          can be undone from Duplicate management.
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="Batches to run" hint="More than one runs in the background with live progress.">
          {(props) => (
            <select {...props} value={settings.batches} onChange={(e) => set({ batches: e.target.value })}>
              {BATCH_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" disabled={running || Object.keys(errors).length > 0}>
          <Play aria-hidden="true" /> {settings.dryRun ? "Run Analysis" : "Run Cleanup"}
        </Button>
      </div>
    </form>
  );
}
