/**
 * The lead-data provider debugger's four tabs (spec 02 §2). The open tab is in the URL (?tab=), so the tabs are
 * links a page without JavaScript can follow and a plain form post returns to the tab it came from; with
 * JavaScript they are Radix tabs (arrow keys, roles) that change the URL without a reload.
 */
import { Tabs } from "radix-ui";
import { useRevalidator, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { pageDataSource } from "~/lib/job-progress.ts";
import { useJobProgress } from "~/lib/use-job-progress.ts";
import type { ActionResult } from "./debugger-forms.ts";
import type { DebuggerView } from "./debugger-state.ts";
import { DebuggerForm, useDebuggerFetcher, usePending } from "./debugger-ui.tsx";
import { ManualTab, WorkflowTab } from "./manual-tab.tsx";
import { SetupTab } from "./setup-tab.tsx";
import { plural } from "~/lib/wording.ts";
import { formatClock } from "~/lib/format-date.ts";

const TABS = [
  ["setup", "Setup & Config"],
  ["manual", "Manual Control"],
  ["workflow", "Complete Workflow"],
  ["logs", "Debug Logs"],
] as const;
type Tab = (typeof TABS)[number][0];

function LogsTab({ view }: { view: DebuggerView }) {
  const count = view.logs.length;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" data-testid="log-count">
          {plural(count, "log line")}
          {view.debugMode ? " · debug mode on" : ""}
        </p>
        <DebuggerForm tab="logs">
          <Button type="submit" name="intent" value="clear-logs" variant="secondary" size="sm" disabled={count === 0}>
            Clear Logs
          </Button>
        </DebuggerForm>
      </div>
      {count === 0 ? (
        <p className="text-sm text-fg-muted">No log lines yet.</p>
      ) : (
        <ol className="divide-y divide-border rounded-lg border border-border font-mono text-xs" aria-label="Debug log">
          {[...view.logs].reverse().map((line, i) => (
            <li key={count - i} className="flex flex-wrap gap-x-3 gap-y-1 px-3 py-2" data-testid="log-line">
              <time dateTime={line.at} className="text-fg-muted">
                {formatClock(line.at)}
              </time>
              <span
                className={cn(
                  "uppercase",
                  line.level === "error" ? "text-danger" : line.level === "warn" ? "text-warning" : "text-fg-muted",
                )}
              >
                {line.level}
              </span>
              <div className="min-w-0 basis-full break-words sm:flex-1 sm:basis-0">
                {line.message}
                {line.detail !== undefined ? (
                  <pre className="mt-1 overflow-x-auto whitespace-pre-wrap text-fg-muted">{JSON.stringify(line.detail, null, 2)}</pre>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** While the workflow runs, the page reads the server's state twice a second, so the dots move step by step. */
function useLiveWorkflow() {
  const pending = usePending();
  const revalidator = useRevalidator();
  // The workflow runs inside the form's request, so the session's steps are its job: the page's loader reads them.
  const running = pending.intent === "run-workflow";
  useJobProgress(running ? "workflow" : null, { source: pageDataSource(revalidator), intervalMs: 500, readAtOnce: false });
}

function LeadDebugger({ view, actionData }: { view: DebuggerView; actionData: ActionResult | undefined }) {
  const [params, setParams] = useSearchParams();
  const fetcher = useDebuggerFetcher();
  const asked = params.get("tab");
  const tab: Tab = TABS.some(([value]) => value === asked) ? (asked as Tab) : "setup";
  // The fetcher's answer once JavaScript runs; a plain post's answer before.
  const result = fetcher.data ?? actionData;
  useLiveWorkflow();
  return (
    <Tabs.Root value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true, preventScrollReset: true })} className="mt-6">
      <Tabs.List aria-label="Lead-data provider debugger" className="flex gap-1 overflow-x-auto border-b border-border">
        {TABS.map(([value, label]) => (
          <Tabs.Trigger key={value} value={value} asChild>
            <a
              href={`?tab=${value}`}
              // Radix gives its trigger type="button", which on a link would name a media type (invalid HTML).
              type={undefined}
              onClick={(event) => event.preventDefault()}
              className={cn(
                "-mb-px border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap text-fg-muted hover:text-fg",
                "data-[state=active]:border-accent data-[state=active]:font-medium data-[state=active]:text-fg",
              )}
            >
              {label}
              {value === "logs" ? <span className="ml-1 text-fg-muted">({view.logs.length})</span> : null}
            </a>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="setup" className="mt-6">
        <SetupTab view={view} result={result} />
      </Tabs.Content>
      <Tabs.Content value="manual" className="mt-6">
        <ManualTab view={view} result={result} />
      </Tabs.Content>
      <Tabs.Content value="workflow" className="mt-6">
        <WorkflowTab view={view} result={result} />
      </Tabs.Content>
      <Tabs.Content value="logs" className="mt-6">
        <LogsTab view={view} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The debugger's page: what it is for, then the tabs. */
export function LeadDebuggerPage({ view, actionData }: { view: DebuggerView; actionData: ActionResult | undefined }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Lead-data provider debugger</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Check the LeadsOnTrees connection step by step: authenticate, retrieve a page, map it as an import would, and push it into the
        directory. The key you enter stays on the server for this session only and is never shown again.
      </p>
      <LeadDebugger view={view} actionData={actionData} />
    </div>
  );
}
