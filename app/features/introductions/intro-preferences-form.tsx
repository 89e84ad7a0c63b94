import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { InboxPageData } from "./owner-inbox.server.ts";

/**
 * Who may ask, how many a month, and a pause (decision 0116). Empty groups mean "everyone"; requesters are told up front
 * when the listing does not take their kind of request, before they write a word.
 */
export function IntroPreferencesForm({ data, result }: { data: InboxPageData; result?: FormResult<string> }) {
  const busy = useNavigation().state === "submitting";
  const prefs = data.preferences;
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  return (
    <section aria-labelledby="preferences-heading">
      <Card className="grid gap-5 p-5 sm:p-6">
        <div>
          <h2 id="preferences-heading" className="text-lg font-semibold">
            Who may ask
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Leave a group empty to take everyone. What a requester&apos;s company is comes from the listing they keep on Introbase.
          </p>
        </div>
        {result ? (
          <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm" : "text-sm text-danger"}>
            {result.message}
          </p>
        ) : null}
        <Form method="post" className="grid gap-5">
          <input type="hidden" name="intent" value="preferences" />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="paused" defaultChecked={prefs.paused} className="size-4" />
            Pause: take no introduction requests for now
          </label>
          <FormField
            label="Requests a month"
            error={errors.monthlyCap}
            hint={`${data.usedThisMonth} this month so far. Leave empty for no limit.`}
            className="max-w-xs"
          >
            {(p) => (
              <input
                {...p}
                name="monthlyCap"
                inputMode="numeric"
                pattern="[0-9]*"
                defaultValue={result && !result.ok ? (result.values?.monthlyCap ?? "") : (prefs.monthlyCap?.toString() ?? "")}
              />
            )}
          </FormField>
          <Choices legend="Plans" name="tiers" options={data.choices.plans} chosen={prefs.tiers} error={errors.tiers} />
          <Choices
            legend="Their company is a"
            name="listingTypes"
            options={data.choices.types}
            chosen={prefs.listingTypes}
            error={errors.listingTypes}
          />
          <Choices
            legend="Their company's industries"
            name="industryIds"
            options={data.choices.industries}
            chosen={prefs.industryIds.map(String)}
            error={errors.industryIds}
            scroll
          />
          <Choices
            legend="Their company's funding stage"
            name="stageIds"
            options={data.choices.stages}
            chosen={prefs.stageIds.map(String)}
            error={errors.stageIds}
          />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="allowUnknown" defaultChecked={prefs.allowUnknown} className="mt-0.5 size-4" />
            <span>
              Also take requests from members whose company we do not know (they keep no listing here). Applies when you chose a kind of
              company, industry or stage.
            </span>
          </label>
          <div>
            <Button type="submit" disabled={busy}>
              Save preferences
            </Button>
          </div>
        </Form>
      </Card>
    </section>
  );
}

function Choices({
  legend,
  name,
  options,
  chosen,
  error,
  scroll = false,
}: {
  legend: string;
  name: string;
  options: Array<{ value: string; label: string }>;
  chosen: readonly string[];
  error?: string;
  scroll?: boolean;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div
        className={
          scroll
            ? "mt-2 grid max-h-56 gap-2 overflow-y-auto rounded-md border border-border p-3 sm:grid-cols-2"
            : "mt-2 flex flex-wrap gap-x-5 gap-y-2"
        }
        tabIndex={scroll ? 0 : undefined}
        role={scroll ? "group" : undefined}
        aria-label={scroll ? legend : undefined}
      >
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option.value} defaultChecked={chosen.includes(option.value)} className="size-4" />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
