import type { ReactNode } from "react";
import { FormField } from "~/components/ui/form-field.tsx";
import type { ReferenceData, ReferenceItem } from "~/features/catalog/reference-data.server.ts";
import { cn } from "~/lib/cn.ts";
import { CompanyFactsFields, HqCountryField } from "./company-facts-form.tsx";
import { LIMITS, type FeatureField, type FeatureFormValues, type FeatureType } from "./feature-application.ts";

export interface FeatureFormOptions {
  industries: ReferenceItem[];
  geographies: ReferenceItem[];
  countries: ReferenceItem[];
  fundingStages: ReferenceItem[];
  businessModels: ReferenceItem[];
}

/** The reference lists the form offers, trimmed to id and name (what the page's data needs to carry). */
export function featureFormOptions(reference: ReferenceData): FeatureFormOptions {
  const pick = (items: ReferenceItem[]) => items.map(({ id, name }) => ({ id, name }));
  return {
    industries: pick(reference.industries),
    geographies: pick(reference.geographies),
    countries: pick(reference.countries),
    fundingStages: pick(reference.fundingStages),
    businessModels: pick(reference.businessModels),
  };
}

function CheckboxGroup({
  legend,
  name,
  items,
  chosen,
  error,
  hint,
}: {
  legend: string;
  name: string;
  items: ReferenceItem[];
  chosen: string[];
  error?: string;
  hint?: string;
}) {
  const messageId = `${name}-message`;
  return (
    <fieldset aria-describedby={error || hint ? messageId : undefined} aria-invalid={error ? true : undefined} className="sm:col-span-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div
        className={cn(
          "mt-2 grid max-h-56 grid-cols-2 gap-x-4 gap-y-1 overflow-y-auto rounded-md border p-3 sm:grid-cols-3",
          error ? "border-danger" : "border-border",
        )}
      >
        {items.map((item) => (
          <label key={item.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={item.id}
              defaultChecked={chosen.includes(String(item.id))}
              className="size-4 accent-accent"
            />
            {item.name}
          </label>
        ))}
      </div>
      {error ? (
        <p id={messageId} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

type Text = (field: keyof FeatureFormValues["text"]) => string;
type Errors = Partial<Record<FeatureField | "logo", string>>;

/** Where the company works: industries, markets, countries, and its funding stage (a startup) or business model. */
function CategoryFields({
  type,
  options,
  text,
  lists,
  errors: e,
}: {
  type: FeatureType;
  options: FeatureFormOptions;
  text: Text;
  lists: (field: keyof FeatureFormValues["lists"]) => string[];
  errors: Errors;
}) {
  return (
    <>
      <CheckboxGroup
        legend="Industries"
        name="industryIds"
        items={options.industries}
        chosen={lists("industryIds")}
        error={e.industryIds}
        hint={`Up to ${LIMITS.industries}.`}
      />
      <CheckboxGroup
        legend="Markets"
        name="geographyIds"
        items={options.geographies}
        chosen={lists("geographyIds")}
        error={e.geographyIds}
      />
      <CheckboxGroup
        legend="Countries (optional)"
        name="countryIds"
        items={options.countries}
        chosen={lists("countryIds")}
        error={e.countryIds}
        hint={`Up to ${LIMITS.countries}.`}
      />
      {type === "startup" ? (
        <FormField label="Funding stage" error={e.fundingStageId}>
          {(p) => (
            <select {...p} name="fundingStageId" defaultValue={text("fundingStageId")} required>
              <option value="">Choose…</option>
              {options.fundingStages.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <FormField label="Business model" error={e.businessModelId}>
          {(p) => (
            <select {...p} name="businessModelId" defaultValue={text("businessModelId")} required>
              <option value="">Choose…</option>
              {options.businessModels.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
    </>
  );
}

/** Who introduction requests go to, and the company's address, phone and e-mail as its profile shows them. */
function ContactFields({ countries, text, errors: e }: { countries: ReferenceItem[]; text: Text; errors: Errors }) {
  return (
    <>
      <FormField label="Contact name" error={e.contactName} hint="Introduction requests go to this person, only with their consent.">
        {(p) => <input {...p} name="contactName" defaultValue={text("contactName")} required maxLength={120} autoComplete="name" />}
      </FormField>
      <FormField label="Contact e-mail" error={e.contactEmail}>
        {(p) => (
          <input
            {...p}
            name="contactEmail"
            type="email"
            defaultValue={text("contactEmail")}
            required
            maxLength={254}
            autoComplete="email"
          />
        )}
      </FormField>
      <HqCountryField countries={countries} text={text} errors={e} />
      <FormField label="Headquarters street (optional)" error={e.hqStreet}>
        {(p) => <input {...p} name="hqStreet" defaultValue={text("hqStreet")} maxLength={200} autoComplete="address-line1" />}
      </FormField>
      <FormField label="City (optional)" error={e.hqCity}>
        {(p) => <input {...p} name="hqCity" defaultValue={text("hqCity")} maxLength={100} autoComplete="address-level2" />}
      </FormField>
      <FormField label="State / region (optional)" error={e.hqRegion}>
        {(p) => <input {...p} name="hqRegion" defaultValue={text("hqRegion")} maxLength={100} autoComplete="address-level1" />}
      </FormField>
      <FormField label="Postal code (optional)" error={e.hqPostalCode}>
        {(p) => <input {...p} name="hqPostalCode" defaultValue={text("hqPostalCode")} maxLength={20} autoComplete="postal-code" />}
      </FormField>
      <FormField
        label="Company phone (optional)"
        error={e.phone}
        hint="With the country code (+41 22 …), or as dialled in the headquarters country."
      >
        {(p) => <input {...p} name="phone" type="tel" defaultValue={text("phone")} maxLength={64} autoComplete="tel" />}
      </FormField>
      <FormField
        label="Company e-mail (optional)"
        error={e.companyEmail}
        hint="Shown on your profile to members whose plan includes contacts."
      >
        {(p) => <input {...p} name="companyEmail" type="email" defaultValue={text("companyEmail")} maxLength={254} />}
      </FormField>
    </>
  );
}

/**
 * The listing fields of a feature application (issue 4 §4), for the applicant's page and the operator's editor.
 * Uncontrolled, filled from `values`, so a validation error shows every field as it was typed.
 */
export function FeatureApplicationFields({
  type,
  options,
  values,
  errors,
  logo,
}: {
  type: FeatureType;
  options: FeatureFormOptions;
  values?: FeatureFormValues;
  errors?: Partial<Record<FeatureField | "logo", string>>;
  /** The logo slot: the applicant's upload, or the operator's preview. */
  logo?: ReactNode;
}) {
  const text = (field: keyof FeatureFormValues["text"]) => values?.text[field] ?? "";
  const lists = (field: keyof FeatureFormValues["lists"]) => values?.lists[field] ?? [];
  const e = errors ?? {};
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label="Company name" error={e.name}>
        {(p) => <input {...p} name="name" defaultValue={text("name")} required maxLength={120} autoComplete="organization" />}
      </FormField>
      <FormField label="Website" error={e.websiteUrl}>
        {(p) => <input {...p} name="websiteUrl" defaultValue={text("websiteUrl")} required inputMode="url" placeholder="example.com" />}
      </FormField>
      <FormField label="LinkedIn page (optional)" error={e.linkedinUrl}>
        {(p) => <input {...p} name="linkedinUrl" defaultValue={text("linkedinUrl")} inputMode="url" placeholder="linkedin.com/company/…" />}
      </FormField>
      <FormField label="Tagline" error={e.tagline} hint="One line, up to 160 characters.">
        {(p) => <input {...p} name="tagline" defaultValue={text("tagline")} required maxLength={160} />}
      </FormField>
      <FormField
        label="Description"
        error={e.description}
        hint="What you do and for whom, 50 to 5,000 characters."
        className="sm:col-span-2"
      >
        {(p) => <textarea {...p} name="description" defaultValue={text("description")} rows={5} required maxLength={5000} />}
      </FormField>
      <CategoryFields type={type} options={options} text={text} lists={lists} errors={e} />
      <div>{logo}</div>
      <CompanyFactsFields type={type} text={text} errors={e} />
      {type === "startup" ? (
        <>
          <FormField label="The problem (optional)" error={e.problem} className="sm:col-span-2">
            {(p) => <textarea {...p} name="problem" defaultValue={text("problem")} rows={3} maxLength={2000} />}
          </FormField>
          <FormField label="Your solution (optional)" error={e.solution} className="sm:col-span-2">
            {(p) => <textarea {...p} name="solution" defaultValue={text("solution")} rows={3} maxLength={2000} />}
          </FormField>
          <FormField label="Why now (optional)" error={e.timing} className="sm:col-span-2">
            {(p) => <textarea {...p} name="timing" defaultValue={text("timing")} rows={3} maxLength={2000} />}
          </FormField>
        </>
      ) : null}
      <FormField
        label="How it works (optional)"
        error={e.howItWorks}
        hint={`One step per line, up to ${LIMITS.steps}.`}
        className="sm:col-span-2"
      >
        {(p) => <textarea {...p} name="howItWorks" defaultValue={text("howItWorks")} rows={4} />}
      </FormField>
      <FormField
        label="Team (optional)"
        error={e.team}
        hint={`One person per line: name, title. Up to ${LIMITS.team}.`}
        className="sm:col-span-2"
      >
        {(p) => <textarea {...p} name="team" defaultValue={text("team")} rows={4} placeholder={"Ada Lovelace, CEO\nGrace Hopper, CTO"} />}
      </FormField>
      <ContactFields countries={options.countries} text={text} errors={e} />
    </div>
  );
}
