import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { ProgressBar } from "~/components/ui/progress-bar.tsx";
import { Spinner } from "~/components/ui/spinner.tsx";
import { cn } from "~/lib/cn.ts";
import { CleanupControls, DEFAULT_SETTINGS, readSettings, type CleanupSettings } from "./cleanup-controls.tsx";
import type { CleanupResponse } from "../cleanup-response.ts";
import { CleanupResults, CompaniesChecked } from "./cleanup-results.tsx";
import { useCleanupRun, type RunState } from "./use-cleanup-run.ts";

const TABS = [
  ["cleanup", "Cleanup"],
  ["results", "Results & Analysis"],
  ["companies", "Companies Checked"],
  ["log", "Merge Operations Log"],
] as const;
type Tab = (typeof TABS)[number][0];

function RunStatus({ state }: { state: RunState }) {
  if (state.phase === "running") {
    const job = state.job;
    if (!job || job.progress.total === 0)
      return <Spinner label={job ? job.progress.message || "Starting the scan…" : "Running the analysis…"} />;
    const percent = Math.round((job.progress.done / job.progress.total) * 100);
    return (
      <div className="space-y-2" data-testid="job-progress">
        <ProgressBar label="Scan progress" done={job.progress.done} total={job.progress.total} unit="batches" />
        <p className="text-sm text-fg-muted" aria-live="polite">
          {percent}% · {job.progress.message}
        </p>
      </div>
    );
  }
  if (state.phase === "failed")
    return (
      <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
        {state.message}
      </p>
    );
  return null;
}

/**
 * The duplicate cleanup tool (spec 02 §2, §4, §5): the four tabs, the controls with their ranges and defaults,
 * results, companies checked and the log note. Shared by /debug/duplicate-detection and /admin/duplicate-management.
 */
export function CleanupTool({ totalCompanies, onChanged }: { totalCompanies: number; onChanged?: () => void }) {
  const [settings, setSettings] = useState<CleanupSettings>(DEFAULT_SETTINGS);
  const [tab, setTab] = useState<Tab>("cleanup");
  const { state, run, rerun } = useCleanupRun();
  const [shown, setShown] = useState<CleanupResponse | null>(null);
  useEffect(() => {
    if (state.phase === "done") {
      setShown(state.response);
      setTab("results");
      if (!state.response.dryRun) onChanged?.();
    }
  }, [state, onChanged]);

  const start = () => {
    const { request } = readSettings(settings);
    if (request) void run(request);
  };
  const merged = () => {
    onChanged?.();
    void rerun();
  };

  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)} className="mt-6">
      <Tabs.List aria-label="Duplicate cleanup" className="flex gap-1 overflow-x-auto border-b border-border">
        {TABS.map(([value, label]) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className={cn(
              "-mb-px border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap text-fg-muted hover:text-fg",
              "data-[state=active]:border-accent data-[state=active]:font-medium data-[state=active]:text-fg",
            )}
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="mt-4">
        <RunStatus state={state} />
      </div>
      <Tabs.Content value="cleanup" className="mt-4">
        <CleanupControls
          settings={settings}
          onChange={setSettings}
          onRun={start}
          total={totalCompanies}
          running={state.phase === "running"}
        />
      </Tabs.Content>
      <Tabs.Content value="results" className="mt-4">
        <CleanupResults response={shown} onMerged={merged} />
      </Tabs.Content>
      <Tabs.Content value="companies" className="mt-4">
        <CompaniesChecked response={shown} />
      </Tabs.Content>
      <Tabs.Content value="log" className="mt-4 max-w-prose space-y-3 text-sm text-fg-muted">
        <p>
          Every merge is written to the audit log with the admin who ran it, the score and reasons, the fields merged and the links moved.
          Fresh-data fields are overwritten, list fields are combined, and better data (longer text, larger numbers) replaces worse; the
          kept listing's name, processing status, created time and record id never change.
        </p>
        <p>
          The merged listing is archived with a full copy of both records as they were, never deleted, and its old address redirects to the
          listing it was merged into. Merges are meant for authorized administrators; any merge can be undone from Duplicate management.
        </p>
        <p>
          <a className="text-accent underline" href="/admin/audit-log?operation=merge_operation">
            Open the audit log of merges
          </a>
        </p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
