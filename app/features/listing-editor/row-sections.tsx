/** The five child lists of a listing, each a repeatable set of rows. */
import { EditorSection, SelectField, TextAreaField, TextField } from "./editor-fields.tsx";
import type { EditorOptions } from "./editor-options.ts";
import { LIMITS } from "./form-fields.ts";
import { RepeatableRows } from "./repeatable-rows.tsx";

const ONE_COLUMN = "sm:grid-cols-1";

export function TeamSection({ readOnly }: { readOnly: boolean }) {
  return (
    <EditorSection id="team" source="team" title="Team" description="In the order shown on the profile." className={ONE_COLUMN}>
      <RepeatableRows section="team" readOnly={readOnly}>
        {({ field }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField {...field("name")} maxLength={LIMITS.text} />
            <TextField {...field("title")} maxLength={LIMITS.text} />
            <TextField {...field("linkedinUrl")} type="url" />
            <TextField {...field("email")} type="email" maxLength={254} />
            <TextField {...field("photoUrl")} type="url" className="sm:col-span-2" />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}

export function FaqSection({ readOnly }: { readOnly: boolean }) {
  return (
    <EditorSection id="faqs" source="faqs" title="FAQs" className={ONE_COLUMN}>
      <RepeatableRows section="faqs" readOnly={readOnly}>
        {({ field }) => (
          <div className="grid gap-3">
            <TextField {...field("question")} maxLength={500} />
            <TextAreaField {...field("answer")} maxLength={LIMITS.story} />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}

export function UseCaseSection({ readOnly }: { readOnly: boolean }) {
  return (
    <EditorSection id="use-cases" source="keyUseCases" title="Key use cases" className={ONE_COLUMN}>
      <RepeatableRows section="keyUseCases" readOnly={readOnly}>
        {({ field }) => (
          <div className="grid gap-3">
            <TextField {...field("title")} maxLength={LIMITS.text} />
            <TextAreaField {...field("description")} maxLength={2000} rows={2} />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}

export function StepSection({ readOnly }: { readOnly: boolean }) {
  return (
    <EditorSection
      id="how-it-works"
      source="howItWorks"
      title="How it works"
      description="The steps, first to last."
      className={ONE_COLUMN}
    >
      <RepeatableRows section="howItWorks" readOnly={readOnly}>
        {({ field }) => <TextAreaField {...field("text")} label="What happens" maxLength={1000} rows={2} />}
      </RepeatableRows>
    </EditorSection>
  );
}

export function RoundSection({ readOnly, options }: { readOnly: boolean; options: EditorOptions }) {
  return (
    <EditorSection
      id="funding-rounds"
      source="fundingRounds"
      title="Funding rounds"
      description="Each round's investors, separated by commas, also become investor relationships."
      className={ONE_COLUMN}
    >
      <RepeatableRows section="fundingRounds" readOnly={readOnly}>
        {({ field }) => (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <input type="hidden" name={field("id").name} value={field("id").defaultValue} />
            <SelectField {...field("roundType")} options={options.roundTypes} empty="Choose…" />
            <TextField {...field("amount")} inputMode="decimal" />
            <TextField {...field("currency")} maxLength={3} />
            <TextField {...field("fundingDate")} type="date" />
            <TextField {...field("allInvestors")} maxLength={2000} placeholder="Acme Ventures, Beta Capital" className="sm:col-span-2" />
            <TextField {...field("announcementUrl")} type="url" className="sm:col-span-2" />
            <TextAreaField {...field("notes")} maxLength={LIMITS.story} rows={2} className="sm:col-span-2 lg:col-span-4" />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}
