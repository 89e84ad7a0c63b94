import { z } from "zod";
import type { Route } from "./+types/debug.industries-migration";
import { listIndustryBackups, restoreIndustryBackup } from "~/features/taxonomy/industries-backup.server.ts";
import { currentIndustryStats } from "~/features/taxonomy/industry-stats.server.ts";
import { latestMigrationJob } from "~/features/taxonomy/migration-jobs.server.ts";
import { IndustriesMigrationPage } from "~/features/taxonomy/industries-migration-page.tsx";
import { taxonomyStats } from "~/features/taxonomy/taxonomy.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, formRefusedBy } from "~/lib/form-result.server.ts";
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
  if (!parsed.success) return formRefused("bad_request", { message: "Choose a backup to restore." });
  try {
    const { industries, listings } = await restoreIndustryBackup(getAppContext(args.context).database, parsed.data.backupId, admin);
    return formDone({
      message: `Backup restored: ${plural(industries, "industry")}, and the industries of ${plural(listings, "listing")}, are back as they were.`,
    });
  } catch (error) {
    return formRefusedBy(error);
  }
}

export default function IndustriesMigration({ loaderData, actionData }: Route.ComponentProps) {
  return <IndustriesMigrationPage page={loaderData} result={actionData} />;
}
