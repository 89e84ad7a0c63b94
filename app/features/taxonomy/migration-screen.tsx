import { CheckCircle2, Circle, Loader2, Play, XCircle } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardTitle } from "~/components/ui/card.tsx";
import { cn } from "~/lib/cn.ts";
import { BackupList, type BackupItem } from "./backup-list.tsx";
import { MigrationBanner, MigrationLog, MigrationResultsPanel } from "./migration-results.tsx";
import { MIGRATION_STEPS, type MigrationJobView, type StepStatus } from "./migration-run.ts";
import { useMigrationRun } from "./use-migration-run.ts";
import { plural } from "~/lib/wording.ts";

export interface MigrationScreenProps {
  taxonomy: { primaryCategories: number; totalIndustries: number; averagePerCategory: number };
  current: { total: number; withKey: number };
  latest: MigrationJobView | null;
  backups: BackupItem[];
  /** After a run ends: the page reads its stats and backups again. */
  onFinished: () => void;
}

const STATUS: Record<StepStatus, { label: string; icon: typeof Circle; tone: string }> = {
  pending: { label: "Pending", icon: Circle, tone: "text-fg-muted" },
  running: { label: "Running", icon: Loader2, tone: "text-accent" },
  completed: { label: "Completed", icon: CheckCircle2, tone: "text-success" },
  error: { label: "Error", icon: XCircle, tone: "text-danger" },
};

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl border border-border bg-surface-raised p-4">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Steps({ steps }: { steps: Record<(typeof MIGRATION_STEPS)[number]["id"], StepStatus> }) {
  return (
    <ol className="space-y-3" aria-label="Migration steps">
      {MIGRATION_STEPS.map((step, i) => {
        const status = STATUS[steps[step.id]];
        const Icon = status.icon;
        return (
          <li key={step.id} className="flex items-start gap-3" data-testid={`step-${step.id}`} data-status={steps[step.id]}>
            <Icon
              className={cn(
                "mt-0.5 size-5 shrink-0",
                status.tone,
                steps[step.id] === "running" && "animate-spin motion-reduce:animate-none",
              )}
              aria-hidden="true"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {i + 1}. {step.title}
              </p>
              <p className="text-sm text-fg-muted">{step.description}</p>
            </div>
            <span className={cn("shrink-0 text-sm font-medium", status.tone)}>{status.label}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Progress({ view }: { view: MigrationJobView | null }) {
  const progress = view?.job.progress;
  if (!progress || progress.total === 0) return <p className="text-sm text-fg-muted">Waiting for the job worker to start the migration…</p>;
  const percent = Math.round((progress.done / progress.total) * 100);
  return (
    <div className="space-y-2" data-testid="migration-progress">
      <div
        role="progressbar"
        aria-label="Migration progress"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div className="h-full bg-accent transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm break-words text-fg-muted">
        {percent}% · {progress.message}
      </p>
    </div>
  );
}

/**
 * The industries migration screen (spec 02 §2): the taxonomy's stats, the three steps with their states, the
 * Execute Migration button (disabled while a run is under way), live progress, the banner, the results and the log;
 * then the backups, each restorable.
 */
export function MigrationScreen({ taxonomy, current, latest, backups, onFinished }: MigrationScreenProps) {
  const { state, execute } = useMigrationRun(latest, onFinished);
  const { view, running } = state;
  const run = view?.run ?? null;
  const steps = run?.steps ?? { backup: "pending", populate: "pending", validate: "pending" };
  const failedJob = view?.job.status === "failed";
  const jobError = failedJob ? (run?.results.error ?? view?.job.errorLog.at(-1) ?? "Migration failed") : null;
  const undone = run?.results.backupId ? backups.find((b) => b.id === run.results.backupId && b.restoredAt) : undefined;

  return (
    <div className="mt-6 space-y-6">
      <section aria-labelledby="taxonomy-stats">
        <h2 id="taxonomy-stats" className="sr-only">
          Taxonomy
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="Primary categories" value={taxonomy.primaryCategories} />
          <Stat label="Total industries" value={taxonomy.totalIndustries} />
          <Stat label="Average per category" value={taxonomy.averagePerCategory.toFixed(1)} />
        </dl>
        <p className="mt-2 text-sm text-fg-muted" data-testid="current-industries">
          The database holds {plural(current.total, "industry")} now, {current.withKey} of them with a taxonomy key.
        </p>
      </section>

      <Card className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Migration</CardTitle>
          <Button onClick={() => void execute()} disabled={running}>
            {running ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Play aria-hidden="true" />}
            Execute Migration
          </Button>
        </div>
        <Steps steps={steps} />
        {running ? <Progress view={view} /> : null}
        {state.error ? (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
            {state.error}
          </p>
        ) : null}
        {jobError && !running ? (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm break-words">
            {jobError}
          </p>
        ) : null}
        {run && !running && !failedJob ? <MigrationBanner results={run.results} finished={run.finished} /> : null}
        {undone && !running ? (
          <p className="text-sm text-fg-muted" data-testid="run-undone">
            This run&apos;s backup has since been restored: the industries are back as they were before it.
          </p>
        ) : null}
        {run && (run.finished || running) ? <MigrationResultsPanel results={run.results} /> : null}
        <MigrationLog lines={run?.log ?? []} />
      </Card>

      <BackupList backups={backups} disabled={running} />
    </div>
  );
}
