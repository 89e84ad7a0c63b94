/**
 * The owner's edit form (decision 0115): the editor's own fields and rows for what a company says about itself, posted
 * to the owner's action (it works without JavaScript, row buttons included). Fields that publish at once are named
 * above it; everything else waits for an operator.
 */
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { formatDate } from "~/lib/format-date.ts";
import { EditorProvider, EditorSection, SelectField, TextAreaField, TextField } from "../listing-editor/editor-fields.tsx";
import type { EditorOptions } from "../listing-editor/editor-options.ts";
import { ErrorSummary } from "../listing-editor/error-summary.tsx";
import { LIMITS, SCALAR_LABELS as L, type FieldErrors } from "../listing-editor/form-fields.ts";
import type { ListingFormValues } from "../listing-editor/form-values.ts";
import { ContactLocationSection, StorySection } from "../listing-editor/profile-sections.tsx";
import { ReferenceChecklist } from "../listing-editor/reference-checklist.tsx";
import { FaqSection, StepSection, TeamSection, UseCaseSection } from "../listing-editor/row-sections.tsx";
import { fieldLabel } from "./owner-fields.ts";

const URL_HINT = "https:// is added when left out.";

function AboutSection() {
  return (
    <EditorSection id="about" title="About">
      <TextField name="tagline" label={L.tagline} maxLength={LIMITS.tagline} hint="One line." className="sm:col-span-2" />
      <TextAreaField name="description" label={L.description} maxLength={LIMITS.description} rows={6} className="sm:col-span-2" />
      <TextField name="logoUrl" label={L.logoUrl} type="url" placeholder="https://…" hint="An image address." />
      <TextField name="websiteUrl" label={L.websiteUrl} type="url" placeholder="example.com" hint={URL_HINT} />
      <TextField name="linkedinUrl" label={L.linkedinUrl} type="url" placeholder="linkedin.com/company/…" />
      <TextField name="twitterUrl" label={L.twitterUrl} type="url" placeholder="x.com/…" />
      <TextField name="facebookUrl" label={L.facebookUrl} type="url" placeholder="facebook.com/…" />
    </EditorSection>
  );
}

function CompanySection({ options }: { options: EditorOptions }) {
  return (
    <EditorSection id="classification" title="Classification" description="What the directory's filters match on.">
      <ReferenceChecklist name="industryIds" items={options.industries} />
      <ReferenceChecklist name="countryIds" items={options.countries} />
      <SelectField name="fundingStageId" label={L.fundingStageId} options={options.fundingStages} empty="None" />
      <SelectField name="businessModelId" label={L.businessModelId} options={options.businessModels} empty="None" />
      <TextField name="foundedYear" label={L.foundedYear} inputMode="numeric" maxLength={4} />
      <TextField name="teamSize" label={L.teamSize} maxLength={LIMITS.short} placeholder="11-50" />
    </EditorSection>
  );
}

export interface OwnerProposal {
  id: string;
  status: string;
  note: string | null;
  fields: string[];
  createdAt: string;
  decidedAt: string | null;
}

const STATUS_WORDS: Record<string, string> = {
  pending: "Waiting for review",
  approved: "Approved and published",
  rejected: "Not published",
  published: "Published at once",
};

/** The owner's recent changes and what became of them, with the operator's note. */
export function OwnerProposals({ proposals }: { proposals: OwnerProposal[] }) {
  if (!proposals.length) return null;
  return (
    <section aria-labelledby="changes-title" className="rounded-lg border border-border bg-surface p-4 sm:p-6">
      <h2 id="changes-title" className="text-lg font-semibold">
        Your changes
      </h2>
      <ul className="mt-3 divide-y divide-border text-sm">
        {proposals.map((p) => (
          <li key={p.id} className="grid gap-1 py-3" data-proposal-status={p.status}>
            <p>
              <span className="font-medium">{STATUS_WORDS[p.status] ?? p.status}</span>
              <span className="text-fg-muted"> · sent {formatDate(p.createdAt)}</span>
              {p.decidedAt && p.status !== "published" && p.status !== "pending" ? (
                <span className="text-fg-muted"> · decided {formatDate(p.decidedAt)}</span>
              ) : null}
            </p>
            <p className="text-fg-muted">{p.fields.join(", ")}</p>
            {p.note ? <p>Note from Introbase: {p.note}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OwnerEditForm({
  values,
  errors,
  options,
  atOnce,
  frozen,
}: {
  values: ListingFormValues;
  errors: FieldErrors;
  options: EditorOptions;
  atOnce: string[];
  frozen: boolean;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <EditorProvider value={{ values, errors }}>
      <Form method="post" noValidate className="grid gap-6">
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" disabled={frozen}>
          Send changes
        </button>
        <ErrorSummary errors={errors} />
        <p className="text-sm text-fg-muted">
          {atOnce.length
            ? `${atOnce.map(fieldLabel).join(", ")} publish as soon as you send them. Other changes are published once Introbase has reviewed them, usually within two working days.`
            : "Your changes are published once Introbase has reviewed them, usually within two working days."}
        </p>
        <fieldset disabled={frozen} className="contents">
          <AboutSection />
          <CompanySection options={options} />
          <ContactLocationSection />
          <StorySection />
          <TeamSection readOnly={frozen} />
          <FaqSection readOnly={frozen} />
          <UseCaseSection readOnly={frozen} />
          <StepSection readOnly={frozen} />
        </fieldset>
        {frozen ? null : (
          <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
            <Button type="submit" name="intent" value="save" disabled={sending}>
              {sending ? "Sending…" : "Send changes"}
            </Button>
          </div>
        )}
      </Form>
    </EditorProvider>
  );
}
