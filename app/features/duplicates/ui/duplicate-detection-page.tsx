import { CleanupTool } from "./cleanup-tool.tsx";

/** The duplicate cleanup tool's page (spec 02 §2). */
export function DuplicateDetectionPage({ totalCompanies }: { totalCompanies: number }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Duplicate detection</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        Check the directory for duplicate companies batch by batch. A dry run shows what would happen; with dry run off, high-confidence
        duplicates (95% or more) are merged and potential ones (85% to 95%) go to the review queue in{" "}
        <a className="text-accent underline" href="/admin/duplicate-management">
          Duplicate management
        </a>
        .
      </p>
      <CleanupTool totalCompanies={totalCompanies} />
    </div>
  );
}
