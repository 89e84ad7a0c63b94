import type { FieldReport } from "./industries-fields.ts";
import { FieldValidation } from "./field-validation.tsx";

/** Industries field validation (spec 02 §2): the fields the migration needs, checked before it runs. */
export function IndustriesFieldsPage({ report }: { report: FieldReport | null }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Industries field validation</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        The industries migration needs six fields in the industries table, and uses two more when they are there. Check them before{" "}
        <a className="text-accent underline underline-offset-2" href="/debug/industries-migration">
          running the migration
        </a>
        .
      </p>
      <FieldValidation initial={report} />
    </div>
  );
}
