import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { AccessSection, EnrichmentSection, FundingSection, InvestorSection } from "./data-sections.tsx";
import { EditorProvider } from "./editor-fields.tsx";
import type { EditorOptions } from "./editor-options.ts";
import { ErrorSummary } from "./error-summary.tsx";
import { jumpTo } from "./jump-to.ts";
import type { FieldErrors } from "./form-fields.ts";
import type { ListingFormValues } from "./form-values.ts";
import { BasicsSection, ClassificationSection, ContactLocationSection, StorySection } from "./profile-sections.tsx";
import { FaqSection, RoundSection, StepSection, TeamSection, UseCaseSection } from "./row-sections.tsx";

const SECTIONS = [
  ["basics", "Basics"],
  ["classification", "Classification"],
  ["contact", "Contact & location"],
  ["story", "Story"],
  ["funding", "Funding"],
  ["investor", "Investor"],
  ["enrichment", "Enrichment"],
  ["access", "Access"],
  ["team", "Team"],
  ["faqs", "FAQs"],
  ["use-cases", "Use cases"],
  ["how-it-works", "How it works"],
  ["funding-rounds", "Funding rounds"],
] as const;

/**
 * The whole listing in one form (issue 5 §1), grouped in sections. It is drawn from `values` and keyed by the
 * caller on each server answer, so a refused save shows exactly what was typed with each message beside its field.
 */
export function ListingEditorForm({
  values,
  errors,
  options,
  readOnly = false,
  syncedAt = null,
  submitLabel,
  sources,
}: {
  values: ListingFormValues;
  errors: FieldErrors;
  options: EditorOptions;
  readOnly?: boolean;
  syncedAt?: { enriched: string | null; synced: string | null } | null;
  submitLabel: string;
  sources?: Readonly<Record<string, string>>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <EditorProvider value={{ values, errors, sources }}>
      <Form method="post" noValidate className="mt-6 grid gap-6">
        {/* Enter in a text field presses the form's first submit button: make that Save, not a row's Move up. */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          Save
        </button>
        <ErrorSummary errors={errors} />
        <nav aria-label="Form sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex gap-2 text-sm whitespace-nowrap sm:flex-wrap">
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  onClick={(e) => jumpTo(e, id, "start")}
                  className="inline-block rounded-full border border-border px-3 py-1 hover:bg-surface-muted"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <input type="hidden" name="version" value={values.fields.version ?? ""} />
        <fieldset disabled={readOnly} className="contents">
          <BasicsSection />
          <ClassificationSection options={options} />
          <ContactLocationSection />
          <StorySection />
          <FundingSection options={options} />
          <InvestorSection />
          <EnrichmentSection syncedAt={syncedAt} />
          <AccessSection options={options} />
          <TeamSection readOnly={readOnly} />
          <FaqSection readOnly={readOnly} />
          <UseCaseSection readOnly={readOnly} />
          <StepSection readOnly={readOnly} />
          <RoundSection readOnly={readOnly} options={options} />
        </fieldset>
        {readOnly ? null : (
          <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
            <Link to="/admin/listings" className={buttonClass({ variant: "ghost" })}>
              Cancel
            </Link>
            <Button type="submit" name="intent" value="save" disabled={saving}>
              {saving ? "Saving…" : submitLabel}
            </Button>
          </div>
        )}
      </Form>
    </EditorProvider>
  );
}
