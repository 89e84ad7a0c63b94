import { Form } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { EventTime } from "~/components/ui/event-time.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { CheckOutcome } from "./integration-checks.server.ts";
import type { ProcessRow, SystemStatus } from "./system-status.server.ts";
import { formatDateTime } from "~/lib/format-date.ts";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProcessCard({ process, now }: { process: ProcessRow; now: string }) {
  return (
    <li className="rounded-lg border border-border p-4">
      <p className="font-medium break-all">
        {process.host} · pid {process.pid}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-fg-muted">Release</dt>
        <dd className="break-all">
          {process.version}
          {process.commit ? ` (${process.commit.slice(0, 12)})` : ""}
        </dd>
        <dt className="text-fg-muted">Last seen</dt>
        <dd>
          <EventTime at={process.lastSeenAt} now={now} />
        </dd>
        <dt className="text-fg-muted">Started</dt>
        <dd>
          <time dateTime={process.startedAt}>{formatDateTime(process.startedAt)}</time>
        </dd>
        <dt className="text-fg-muted">Directory index</dt>
        <dd>
          {process.indexGeneration === null || process.lastIndexBuildAt === null
            ? "not built yet"
            : `generation ${process.indexGeneration}; built ${formatDateTime(process.lastIndexBuildAt)} in ${process.lastIndexBuildMs} ms, ${count(process.lastIndexBuildListings ?? 0, "listing")}`}
        </dd>
      </dl>
    </li>
  );
}

function replicaText(replica: SystemStatus["replica"]): string {
  switch (replica.kind) {
    case "none":
      return "No read replica configured (DATABASE_READ_URL): every read goes to the primary.";
    case "not-a-replica":
      return "DATABASE_READ_URL is not a replica: the server it names is not in recovery.";
    case "lag":
      return replica.seconds === null
        ? "Replica: no transaction replayed yet."
        : `Replica lag: ${replica.seconds.toFixed(1)} s behind the primary.`;
    case "error":
      return `Replica could not be asked: ${replica.message}`;
  }
}

/** Per kind of job: queued, the oldest queued (how long it has waited), running, and failed in the last day. */
function JobTable({ jobs, now }: Pick<SystemStatus, "jobs" | "now">) {
  return jobs.length === 0 ? (
    <p className="mt-2 text-sm">No job is queued or running, and none failed in the last day.</p>
  ) : (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border text-fg-muted">
            <th className="py-2 pr-3">Kind</th>
            <th className="pr-3">Queued</th>
            <th className="pr-3">Oldest queued</th>
            <th className="pr-3">Running</th>
            <th>Failed (24 h)</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.kind} className="border-b border-border">
              <td className="py-2 pr-3 break-all">{job.kind}</td>
              <td className="pr-3">{job.queued}</td>
              <td className="pr-3">{job.oldestQueuedAt ? <EventTime at={job.oldestQueuedAt} now={now} /> : "–"}</td>
              <td className="pr-3">{job.running}</td>
              <td className={job.failedToday ? "text-danger" : undefined}>{job.failedToday}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/system: whether the site is healthy at a glance, from the database (decision 0107). */
export function SystemStatusPage({ status, result }: { status: SystemStatus; result?: FormResult<string, CheckOutcome> }) {
  const { now, release, migrations, processes, jobs, outbox, lastBackup, integrations } = status;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">System status</h1>
      <p className="mt-2 text-sm text-fg-muted">
        As of <time dateTime={now}>{formatDateTime(now)}</time>, read from the database: the same whichever server answers.
      </p>

      <Section id="release" title="Release">
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-fg-muted">Version</dt>
          <dd>{release.version}</dd>
          <dt className="text-fg-muted">Commit</dt>
          <dd className="break-all">{release.commit ?? "unknown (set GIT_COMMIT)"}</dd>
          <dt className="text-fg-muted">Migrations</dt>
          <dd>
            {migrations.applied} of {migrations.known} applied{migrations.latest ? `; latest ${migrations.latest}` : ""}
            {migrations.applied < migrations.known ? <Badge variant="outline"> not all applied</Badge> : null}
          </dd>
        </dl>
      </Section>

      <Section id="processes" title={`Server processes seen in the last minute (${processes.length})`}>
        {processes.length === 0 ? (
          <p className="mt-2 text-sm text-danger">No process has written its heartbeat in the last minute.</p>
        ) : null}
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {processes.map((process) => (
            <ProcessCard key={process.processKey} process={process} now={now} />
          ))}
        </ul>
      </Section>

      <Section id="jobs" title="Job queue">
        <JobTable jobs={jobs} now={now} />
      </Section>

      <Section id="outbox" title="Outbox (last 24 hours)">
        <p className="mt-2 text-sm">
          {count(outbox.sentToday, "e-mail")} sent, {outbox.storedToday} kept without SMTP,{" "}
          <span className={outbox.failedToday ? "text-danger" : undefined}>{outbox.failedToday} failed</span>.
        </p>
        {outbox.lastFailure ? (
          <p className="mt-1 text-sm break-words text-fg-muted">
            Last failure <time dateTime={outbox.lastFailure.at}>{formatDateTime(outbox.lastFailure.at)}</time> ({outbox.lastFailure.kind}):{" "}
            {outbox.lastFailure.error ?? "no reason recorded"}
          </p>
        ) : null}
      </Section>

      <Section id="database" title="Database">
        <p className="mt-2 text-sm">{replicaText(status.replica)}</p>
        <p className="mt-1 text-sm">
          {lastBackup
            ? `Last backup: ${formatDateTime(lastBackup.at)}, ${lastBackup.kind}${lastBackup.bytes === null ? "" : `, ${count(lastBackup.bytes, "byte")}`}, ${lastBackup.outcome}.`
            : "No backup recorded."}
        </p>
      </Section>

      <Section id="integrations" title="Integrations">
        <ul className="mt-2 grid gap-2">
          {integrations.map((integration) => {
            // The check's own outcome: the form post itself passed whether the far end answered or not.
            const outcome = result?.data?.id === integration.id ? result.data : undefined;
            return (
              <li key={integration.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border p-3 text-sm">
                <span className="font-medium">{integration.name}</span>
                <Badge variant={integration.configured ? "accent" : "neutral"}>
                  {integration.configured ? "configured" : "not configured"}
                </Badge>
                {integration.configured ? (
                  <Form method="post" className="ml-auto">
                    <input type="hidden" name="integration" value={integration.id} />
                    <Button type="submit" variant="secondary" size="sm" aria-label={`Test ${integration.name}`}>
                      Test
                    </Button>
                  </Form>
                ) : null}
                {outcome ? (
                  <p role={outcome.ok ? "status" : "alert"} className={`w-full break-words ${outcome.ok ? "" : "text-danger"}`}>
                    {outcome.ok ? "OK: " : "Failed: "}
                    {outcome.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}
