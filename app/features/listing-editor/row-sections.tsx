/** The five child lists of a listing, each a repeatable set of rows. */
import { EditorSection, SelectField, TextAreaField, TextField } from "./editor-fields.tsx";
import type { EditorOptions } from "./editor-options.ts";
import { LIMITS, ROW_SECTIONS } from "./form-fields.ts";
import { RepeatableRows } from "./repeatable-rows.tsx";

const F = <S extends keyof typeof ROW_SECTIONS>(section: S) => ROW_SECTIONS[section].fields as Record<string, string>;
const ONE_COLUMN = "sm:grid-cols-1";

export function TeamSection({ readOnly }: { readOnly: boolean }) {
  const label = F("team");
  return (
    <EditorSection id="team" title="Team" description="In the order shown on the profile." className={ONE_COLUMN}>
      <RepeatableRows section="team" readOnly={readOnly}>
        {({ values, name, error }) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              name={name("name")}
              label={label.name}
              defaultValue={values.name ?? ""}
              error={error("name")}
              maxLength={LIMITS.text}
            />
            <TextField
              name={name("title")}
              label={label.title}
              defaultValue={values.title ?? ""}
              error={error("title")}
              maxLength={LIMITS.text}
            />
            <TextField
              name={name("linkedinUrl")}
              label={label.linkedinUrl}
              type="url"
              defaultValue={values.linkedinUrl ?? ""}
              error={error("linkedinUrl")}
            />
            <TextField
              name={name("email")}
              label={label.email}
              type="email"
              defaultValue={values.email ?? ""}
              error={error("email")}
              maxLength={254}
            />
            <TextField
              name={name("photoUrl")}
              label={label.photoUrl}
              type="url"
              defaultValue={values.photoUrl ?? ""}
              error={error("photoUrl")}
              className="sm:col-span-2"
            />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}

export function FaqSection({ readOnly }: { readOnly: boolean }) {
  const label = F("faqs");
  return (
    <EditorSection id="faqs" title="FAQs" className={ONE_COLUMN}>
      <RepeatableRows section="faqs" readOnly={readOnly}>
        {({ values, name, error }) => (
          <div className="grid gap-3">
            <TextField
              name={name("question")}
              label={label.question}
              defaultValue={values.question ?? ""}
              error={error("question")}
              maxLength={500}
            />
            <TextAreaField
              name={name("answer")}
              label={label.answer}
              defaultValue={values.answer ?? ""}
              error={error("answer")}
              maxLength={LIMITS.story}
            />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}

export function UseCaseSection({ readOnly }: { readOnly: boolean }) {
  const label = F("keyUseCases");
  return (
    <EditorSection id="use-cases" title="Key use cases" className={ONE_COLUMN}>
      <RepeatableRows section="keyUseCases" readOnly={readOnly}>
        {({ values, name, error }) => (
          <div className="grid gap-3">
            <TextField
              name={name("title")}
              label={label.title}
              defaultValue={values.title ?? ""}
              error={error("title")}
              maxLength={LIMITS.text}
            />
            <TextAreaField
              name={name("description")}
              label={label.description}
              defaultValue={values.description ?? ""}
              error={error("description")}
              maxLength={2000}
              rows={2}
            />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}

export function StepSection({ readOnly }: { readOnly: boolean }) {
  return (
    <EditorSection id="how-it-works" title="How it works" description="The steps, first to last." className={ONE_COLUMN}>
      <RepeatableRows section="howItWorks" readOnly={readOnly}>
        {({ values, name, error }) => (
          <TextAreaField
            name={name("text")}
            label="What happens"
            defaultValue={values.text ?? ""}
            error={error("text")}
            maxLength={1000}
            rows={2}
          />
        )}
      </RepeatableRows>
    </EditorSection>
  );
}

export function RoundSection({ readOnly, options }: { readOnly: boolean; options: EditorOptions }) {
  const label = F("fundingRounds");
  return (
    <EditorSection
      id="funding-rounds"
      title="Funding rounds"
      description="Each round's investors, separated by commas, also become investor relationships."
      className={ONE_COLUMN}
    >
      <RepeatableRows section="fundingRounds" readOnly={readOnly}>
        {({ values, name, error }) => (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <input type="hidden" name={name("id")} value={values.id ?? ""} />
            <SelectField
              name={name("roundType")}
              label={label.roundType}
              options={options.roundTypes}
              empty="Choose…"
              defaultValue={values.roundType ?? ""}
              error={error("roundType")}
            />
            <TextField
              name={name("amount")}
              label={label.amount}
              inputMode="decimal"
              defaultValue={values.amount ?? ""}
              error={error("amount")}
            />
            <TextField
              name={name("currency")}
              label={label.currency}
              maxLength={3}
              defaultValue={values.currency ?? ""}
              error={error("currency")}
            />
            <TextField
              name={name("fundingDate")}
              label={label.fundingDate}
              type="date"
              defaultValue={values.fundingDate ?? ""}
              error={error("fundingDate")}
            />
            <TextField
              name={name("allInvestors")}
              label={label.allInvestors}
              defaultValue={values.allInvestors ?? ""}
              error={error("allInvestors")}
              maxLength={2000}
              placeholder="Acme Ventures, Beta Capital"
              className="sm:col-span-2"
            />
            <TextField
              name={name("announcementUrl")}
              label={label.announcementUrl}
              type="url"
              defaultValue={values.announcementUrl ?? ""}
              error={error("announcementUrl")}
              className="sm:col-span-2"
            />
            <TextAreaField
              name={name("notes")}
              label={label.notes}
              defaultValue={values.notes ?? ""}
              error={error("notes")}
              maxLength={LIMITS.story}
              rows={2}
              className="sm:col-span-2 lg:col-span-4"
            />
          </div>
        )}
      </RepeatableRows>
    </EditorSection>
  );
}
