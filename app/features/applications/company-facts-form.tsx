import { FormField } from "~/components/ui/form-field.tsx";
import { ROUND_TYPES, TEAM_SIZE_BANDS } from "~/features/catalog/company-facts.ts";
import type { ReferenceItem } from "~/features/catalog/reference-data.server.ts";
import type { FactField } from "./company-facts-fields.ts";
import type { FeatureType } from "./feature-application.ts";

type Text = (field: FactField) => string;
type Errors = Partial<Record<FactField, string>>;

/** The headquarters country: the listing's first country, and where a phone number without its code is read. */
export function HqCountryField({ countries, text, errors }: { countries: ReferenceItem[]; text: Text; errors: Errors }) {
  return (
    <FormField label="Headquarters country (optional)" error={errors.hqCountryId}>
      {(p) => (
        <select {...p} name="hqCountryId" defaultValue={text("hqCountryId")}>
          <option value="">Choose…</option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/**
 * The company facts investors filter on (issue 31): founding year and team size for every company, and for a
 * startup the total raised and its latest round. All optional: a company that does not say is listed without them.
 */
export function CompanyFactsFields({ type, text, errors }: { type: FeatureType; text: Text; errors: Errors }) {
  return (
    <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-medium">Company facts (optional)</legend>
      <FormField label="Founded (year)" error={errors.foundedYear}>
        {(p) => <input {...p} name="foundedYear" defaultValue={text("foundedYear")} inputMode="numeric" maxLength={4} placeholder="2021" />}
      </FormField>
      <FormField label="Team size" error={errors.teamSize} hint="People working at the company, founders included.">
        {(p) => (
          <select {...p} name="teamSize" defaultValue={text("teamSize")}>
            <option value="">Choose…</option>
            {TEAM_SIZE_BANDS.map((band) => (
              <option key={band} value={band}>
                {band === "1000+" ? "More than 1,000" : `${band.replace("-", " to ")} people`}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {type === "startup" ? (
        <>
          <FormField
            label="Total raised (US dollars)"
            error={errors.totalFundingRaised}
            hint="All rounds so far; leave empty if you prefer not to say."
          >
            {(p) => (
              <input
                {...p}
                name="totalFundingRaised"
                defaultValue={text("totalFundingRaised")}
                inputMode="decimal"
                placeholder="1,500,000"
              />
            )}
          </FormField>
          <FormField label="Latest round" error={errors.latestRoundType}>
            {(p) => (
              <select {...p} name="latestRoundType" defaultValue={text("latestRoundType")}>
                <option value="">Choose…</option>
                {Object.entries(ROUND_TYPES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Latest round date" error={errors.latestRoundDate}>
            {(p) => <input {...p} name="latestRoundDate" type="date" defaultValue={text("latestRoundDate")} />}
          </FormField>
        </>
      ) : null}
    </fieldset>
  );
}
