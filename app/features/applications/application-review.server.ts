import { toHistory } from "~/components/admin/audit-history.tsx";
import { auditTrailFor } from "~/features/audit/audit-log.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { featureFormOptions } from "./feature-application-form.tsx";
import { applicationToFormValues } from "./feature-application.ts";
import { possibleDuplicates, type FeatureApplicationRow } from "./feature-applications.server.ts";

/** What an operator's page of one application shows: the application, the form's options, duplicates, history. */
export async function applicationReviewData(database: Database, application: FeatureApplicationRow) {
  const [reference, duplicates, trail] = await Promise.all([
    getReferenceData(database),
    possibleDuplicates(database, [application]).then((found) => found.get(application.id) ?? []),
    auditTrailFor(database, [application.id]),
  ]);
  return {
    application: {
      id: application.id,
      type: application.type,
      name: application.name,
      status: application.status,
      decisionNote: application.decisionNote,
      logoFileId: application.logoFileId,
      listingId: application.listingId,
      createdAt: application.createdAt.toISOString(),
      values: applicationToFormValues(application),
    },
    options: featureFormOptions(reference),
    duplicates,
    history: toHistory(trail.get(application.id)),
  };
}

export type ApplicationReviewData = Awaited<ReturnType<typeof applicationReviewData>>;
