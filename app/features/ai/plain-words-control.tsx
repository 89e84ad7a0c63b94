import { Sparkles } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { PLAIN_WORDS_MAX_CHARACTERS } from "./plain-words-sentence.ts";
import type { PlainWordsState } from "./plain-words-state.server.ts";

/** What the /listings action answers when it could not read a sentence: its words, and the sentence to edit. */
export interface PlainWordsRefusal {
  error: string;
  sentence: string;
}

const EXAMPLE = "seed-stage climate startups in the Nordics that raised under $5M";

/**
 * "Ask in plain words" on /listings (decision 0087): a sentence posted to the directory's action, which answers with
 * the filtered page's address. The sentence that produced the page's filters is shown as text, with a way to edit it;
 * a plain form in a disclosure, so it works without JavaScript.
 */
export function PlainWordsControl({ state, refusal }: { state: PlainWordsState; refusal?: PlainWordsRefusal | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "plain-words";
  if (state.status === "absent" && !state.asked) return null;
  return (
    <section aria-label="Ask in plain words" className="mt-6 rounded-lg border border-border bg-surface p-4">
      {state.asked ? (
        <p role="status" className="flex items-start gap-2 text-sm">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <span>
            Filters set from your words: <q className="font-medium">{state.asked}</q>. Change them in the filters below
            {state.status === "offered" ? ", or edit the sentence." : "."}
          </span>
        </p>
      ) : null}
      {state.status === "unavailable" ? (
        <p className={`flex items-start gap-2 text-sm text-fg-muted ${state.asked ? "mt-2" : ""}`}>
          {state.asked ? null : <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
          <span>
            <span className="font-medium text-fg">Ask in plain words:</span> {state.reason}
          </span>
        </p>
      ) : null}
      {state.status === "offered" ? (
        // A new sentence's page starts with the form folded (the details would otherwise stay as it was opened).
        <details key={state.asked ?? ""} className={state.asked ? "mt-2" : ""} open={Boolean(refusal) || undefined}>
          <summary className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-accent">
            {state.asked ? null : <Sparkles className="size-4" aria-hidden="true" />}
            {state.asked ? "Edit the sentence" : "Ask in plain words"}
          </summary>
          <Form method="post" action="/listings" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="plain-words" />
            <FormField
              label="Describe what you are looking for"
              hint={`For example: ${EXAMPLE}. Each question uses one of your plan's AI requests.`}
              error={refusal?.error}
            >
              {(props) => (
                <textarea
                  {...props}
                  name="sentence"
                  rows={2}
                  required
                  maxLength={PLAIN_WORDS_MAX_CHARACTERS}
                  defaultValue={refusal?.sentence ?? state.asked ?? ""}
                />
              )}
            </FormField>
            <div>
              <Button type="submit" size="sm" disabled={busy}>
                {busy ? "Reading your sentence…" : "Show matching listings"}
              </Button>
            </div>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
