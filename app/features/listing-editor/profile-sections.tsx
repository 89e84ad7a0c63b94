/** The form's sections for what a profile shows: basics, classification and the startup's story. */
import { CheckboxField, EditorSection, SelectField, TextAreaField, TextField } from "./editor-fields.tsx";
import { TYPE_CHOICES, type EditorOptions } from "./editor-options.ts";
import { LIMITS, SCALAR_LABELS as L } from "./form-fields.ts";
import { ReferenceChecklist } from "./reference-checklist.tsx";

const URL_HINT = "https:// is added when left out.";

export function BasicsSection() {
  return (
    <EditorSection id="basics" title="Basics">
      <SelectField name="type" label={L.type} options={TYPE_CHOICES} />
      <TextField name="name" label={L.name} maxLength={LIMITS.name} required autoComplete="organization" />
      <TextField
        name="slug"
        label={L.slug}
        maxLength={LIMITS.name}
        hint="The profile's address. Leave blank to make one from the name; changing it changes the address."
        className="sm:col-span-2"
      />
      <TextField name="tagline" label={L.tagline} maxLength={LIMITS.tagline} hint="One line." className="sm:col-span-2" />
      <TextAreaField
        name="description"
        label={L.description}
        maxLength={LIMITS.description}
        rows={6}
        hint="Up to 5,000 characters."
        className="sm:col-span-2"
      />
      <TextField name="logoUrl" label={L.logoUrl} type="url" placeholder="https://…" hint="An image address, or /media/… for an upload." />
      <TextField name="websiteUrl" label={L.websiteUrl} type="url" placeholder="example.com" hint={URL_HINT} />
      <TextField name="linkedinUrl" label={L.linkedinUrl} type="url" placeholder="linkedin.com/company/…" />
      <TextField name="twitterUrl" label={L.twitterUrl} type="url" placeholder="x.com/…" />
      <TextField name="facebookUrl" label={L.facebookUrl} type="url" placeholder="facebook.com/…" />
      <CheckboxField name="featured" label="Featured" hint="Shown first in the directory and on the home page." />
    </EditorSection>
  );
}

export function ContactLocationSection() {
  return (
    <EditorSection
      id="contact"
      title="Contact & location"
      description="Headquarters address, phone and a general contact e-mail. Country is under Classification."
    >
      <TextField name="hqStreet" label={L.hqStreet} maxLength={LIMITS.text} autoComplete="off" className="sm:col-span-2" />
      <TextField name="hqCity" label={L.hqCity} maxLength={LIMITS.short} />
      <TextField name="hqRegion" label={L.hqRegion} maxLength={LIMITS.short} />
      <TextField name="hqPostalCode" label={L.hqPostalCode} maxLength={LIMITS.postalCode} />
      <TextField
        name="phone"
        label={L.phone}
        type="tel"
        placeholder="+1 415 555 2671"
        hint="Stored in international form; a national number is read in the listing's countries."
      />
      <TextField name="contactEmail" label={L.contactEmail} type="email" placeholder="hello@example.com" />
    </EditorSection>
  );
}

export function ClassificationSection({ options }: { options: EditorOptions }) {
  return (
    <EditorSection id="classification" title="Classification" description="What the directory's filters match on.">
      <ReferenceChecklist name="industryIds" items={options.industries} />
      <ReferenceChecklist name="geographyIds" items={options.geographies} />
      <ReferenceChecklist name="countryIds" items={options.countries} />
      <ReferenceChecklist name="personaIds" items={options.personas} />
      <SelectField name="fundingStageId" label={L.fundingStageId} options={options.fundingStages} empty="None" />
      <SelectField name="businessModelId" label={L.businessModelId} options={options.businessModels} empty="None" />
      <SelectField name="revenueRangeId" label={L.revenueRangeId} options={options.revenueRanges} empty="None" />
    </EditorSection>
  );
}

export function StorySection() {
  return (
    <EditorSection id="story" title="Story" description="Shown on startup profiles." className="sm:grid-cols-1">
      <TextAreaField name="problem" label={L.problem} maxLength={LIMITS.story} />
      <TextAreaField name="solution" label={L.solution} maxLength={LIMITS.story} />
      <TextAreaField name="timing" label={L.timing} maxLength={LIMITS.story} />
    </EditorSection>
  );
}
