import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/debug.industries-migration";
import { listIndustryBackups, restoreIndustryBackup } from "~/features/taxonomy/industries-backup.server.ts";
import { currentIndustryStats } from "~/features/taxonomy/industry-stats.server.ts";
import { latestMigrationJob } from "~/features/taxonomy/migration-jobs.server.ts";
import { MigrationScreen } from "~/features/taxonomy/migration-screen.tsx";
import { taxonomyStats } from "~/features/taxonomy/taxonomy.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { readForm } from "~/lib/http.server.ts";
import { plural } from "~/lib/wording.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Industries migration | Introbase" }, { name: "robots", content: "noindex" }];
}

/** The industries migration (spec 02 §2), admins only (DESIGN D7). */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  const { database } = getAppContext(args.context);
  const [current, latest, backups] = await Promise.all([
    currentIndustryStats(database),
    latestMigrationJob(database),
    listIndustryBackups(database),
  ]);
  return { taxonomy: taxonomyStats(), current, latest, backups };
}

const Restore = z.object({ intent: z.literal("restore"), backupId: z.uuid("Choose a backup to restore.") });

/** Restores a backup (a form post, so it works without JavaScript). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args, "debug");
  const parsed = Restore.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return { ok: false, message: "Choose a backup to restore." };
  try {
    const { industries, listings } = await restoreIndustryBackup(getAppContext(args.context).database, parsed.data.backupId, admin);
    return {
      ok: true,
      message: `Backup restored: ${plural(industries, "industry")}, and the industries of ${plural(listings, "listing")}, are back as they were.`,
    };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  }
}

export default function IndustriesMigration({ loaderData, actionData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Industries migration</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Moves the industries to the taxonomy of primary and secondary categories: a backup first, then every existing record mapped to its
        place (listings keep their industries) and the taxonomy&apos;s records added, then a check of the result. Running it again changes
        nothing; any backup can be restored. Check the table first in{" "}
        <a className="text-accent underline underline-offset-2" href="/debug/industries-fields">
          Industries field validation
        </a>
        .
      </p>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={
            actionData.ok
              ? "mt-4 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm"
              : "mt-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm"
          }
        >
          {actionData.message}
        </p>
      ) : null}
      <MigrationScreen
        taxonomy={loaderData.taxonomy}
        current={loaderData.current}
        latest={loaderData.latest}
        backups={loaderData.backups}
        onFinished={refresh}
      />
    </div>
  );
}
