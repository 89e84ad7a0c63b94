/** The form's sections for figures and records: funding summary, investor facts, enrichment, and access. */
import { GATED_FIELDS } from "../catalog/listing-types.ts";
import { EditorSection, SelectField, TextAreaField, TextField, useEditor, CheckboxField } from "./editor-fields.tsx";
import { LEVEL_CHOICES, type EditorOptions } from "./editor-options.ts";
import { GATED_FIELD_LABELS, LIMITS, SCALAR_LABELS as L, visibilityInputName } from "./form-fields.ts";
import { formatDateTime } from "~/lib/format-date.ts";

const AMOUNT_HINT = "Digits; commas allowed.";
const THREE_COLUMNS = "sm:grid-cols-2 lg:grid-cols-3";

export function FundingSection({ options }: { options: EditorOptions }) {
  return (
    <EditorSection
      id="funding"
      title="Funding"
      description="The summary figures profiles, the home page's table and the directory's cards show. Where the latest round's fields are empty, the funding amount and date stand in for them."
      className={THREE_COLUMNS}
    >
      <TextField
        name="fundingAmount"
        label={L.fundingAmount}
        inputMode="decimal"
        hint={`${AMOUNT_HINT} The latest round's amount if that is empty.`}
      />
      <TextField name="fundingCurrency" label={L.fundingCurrency} maxLength={3} placeholder="USD" />
      <TextField name="fundingDate" label={L.fundingDate} type="date" hint="The latest round's date if that is empty." />
      <TextField name="amountRaised" label={L.amountRaised} inputMode="decimal" hint={AMOUNT_HINT} />
      <TextField name="totalFundingRaised" label={L.totalFundingRaised} inputMode="decimal" hint={AMOUNT_HINT} />
      <TextField name="fundingRoundCount" label={L.fundingRoundCount} inputMode="numeric" />
      <TextField name="latestRoundType" label={L.latestRoundType} list="round-types" maxLength={LIMITS.short} />
      <TextField name="latestRoundAmount" label={L.latestRoundAmount} inputMode="decimal" hint={AMOUNT_HINT} />
      <TextField name="latestRoundDate" label={L.latestRoundDate} type="date" />
      <datalist id="round-types">
        {options.roundTypes.map((c) => (
          <option key={c.value} value={c.value} label={c.label} />
        ))}
      </datalist>
    </EditorSection>
  );
}

const INVESTOR_TYPES = ["Venture Capital", "Angel Network", "Corporate VC", "Family Office", "Accelerator"];

export function InvestorSection() {
  return (
    <EditorSection id="investor" title="Investor" description="Shown on investor profiles.">
      <TextField name="investorType" label={L.investorType} list="investor-types" maxLength={LIMITS.short} />
      <TextField name="ticketSize" label={L.ticketSize} maxLength={LIMITS.short} placeholder="$250K - $1M" />
      <TextField name="aum" label={L.aum} inputMode="decimal" hint={AMOUNT_HINT} />
      <TextField name="stageFocus" label={L.stageFocus} maxLength={LIMITS.text} placeholder="Pre-seed to Series A" />
      <datalist id="investor-types">
        {INVESTOR_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </EditorSection>
  );
}

export function EnrichmentSection({ syncedAt }: { syncedAt: { enriched: string | null; synced: string | null } | null }) {
  const year = new Date().getUTCFullYear();
  return (
    <EditorSection id="enrichment" title="Enrichment" description="Company facts and where the record came from." className={THREE_COLUMNS}>
      <TextField name="foundedYear" label={L.foundedYear} inputMode="numeric" maxLength={4} hint={`1800 to ${year}.`} />
      <TextField name="teamSize" label={L.teamSize} maxLength={LIMITS.short} placeholder="11-50" />
      <TextField name="currentEmployeeCount" label={L.currentEmployeeCount} maxLength={LIMITS.short} />
      <TextField name="ceo" label={L.ceo} maxLength={LIMITS.text} />
      <TextField name="primaryContact" label={L.primaryContact} maxLength={LIMITS.text} />
      <TextField
        name="primaryContactEmail"
        label={L.primaryContactEmail}
        type="email"
        maxLength={254}
        hint="Introduction requests go here; never shown to visitors."
      />
      <TextAreaField name="aiDescription" label={L.aiDescription} maxLength={LIMITS.description} className="sm:col-span-2 lg:col-span-3" />
      <TextField name="contentStatus" label={L.contentStatus} maxLength={LIMITS.short} />
      <TextField name="dataSource" label={L.dataSource} maxLength={LIMITS.short} />
      <TextField name="lotDataQualityScore" label={L.lotDataQualityScore} inputMode="numeric" hint="0 to 100." />
      <TextField name="lotCompanyId" label={L.lotCompanyId} maxLength={LIMITS.text} />
      <TextField name="primaryContactId" label={L.primaryContactId} maxLength={LIMITS.text} />
      <TextField name="campaignId" label={L.campaignId} maxLength={LIMITS.text} />
      {syncedAt ? (
        <p className="text-xs text-fg-muted sm:col-span-2 lg:col-span-3">
          Last enrichment: {syncedAt.enriched ? formatDateTime(syncedAt.enriched) : "never"} · Data last synced:{" "}
          {syncedAt.synced ? formatDateTime(syncedAt.synced) : "never"}
        </p>
      ) : null}
    </EditorSection>
  );
}

export function AccessSection({ options }: { options: EditorOptions }) {
  const { values } = useEditor();
  return (
    <EditorSection
      id="access"
      title="Access"
      description="Who may open this listing, and per field who may see it. A field's own level replaces the global rule for this listing."
      className={THREE_COLUMNS}
    >
      <SelectField
        name="visibility"
        label={L.visibility}
        options={LEVEL_CHOICES}
        hint="Below this level, visitors see a locked teaser."
        className="sm:col-span-2 lg:col-span-3 lg:max-w-sm"
      />
      <CheckboxField
        name="noindex"
        label={L.noindex}
        hint="The profile tells search engines not to index it and is left out of the sitemap."
      />
      {GATED_FIELDS.map((field) => (
        <SelectField
          key={field}
          name={visibilityInputName(field)}
          label={`Who sees ${GATED_FIELD_LABELS[field]}`}
          options={LEVEL_CHOICES}
          defaultValue={values.fieldVisibility[field] ?? ""}
          empty={`Use global rule (${options.globalRules[field] ?? "public"})`}
        />
      ))}
    </EditorSection>
  );
}
