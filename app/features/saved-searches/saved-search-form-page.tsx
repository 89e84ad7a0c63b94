import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import type { FormResult } from "~/lib/form-parse.ts";
import type { SavedSearchField } from "./saved-search-forms.ts";

/**
 * What a saved-search form posted without JavaScript comes back to when it is refused: the message, and the name
 * field again with its message beside it (the other forms have nothing to retype).
 */
export function SavedSearchFormPage({ result }: { result?: FormResult<SavedSearchField> }) {
  const nameForm = result?.intent === "create" || result?.intent === "rename";
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="p-6">
        <h1 className="text-xl font-semibold">Saved search</h1>
        {result?.message ? (
          <p role="alert" className="mt-3 text-sm text-danger">
            {result.message}
          </p>
        ) : null}
        {nameForm ? (
          <Form method="post" action="/saved-searches" className="mt-4 grid gap-3">
            <input type="hidden" name="intent" value={result.intent} />
            {result.intent === "create" ? (
              <>
                <input type="hidden" name="query" value={result.values?.query ?? ""} />
                <input type="hidden" name="alertFrequency" value={result.values?.alertFrequency ?? "off"} />
              </>
            ) : (
              <input type="hidden" name="id" value={result.target ?? ""} />
            )}
            <FormField label="Name" error={result.errors?.name ?? result.errors?.query}>
              {(props) => <input {...props} name="name" defaultValue={result.values?.name ?? ""} maxLength={80} required />}
            </FormField>
            <Button type="submit">{result.intent === "create" ? "Save search" : "Rename"}</Button>
          </Form>
        ) : null}
        <Link to="/settings#saved-searches" className="mt-4 inline-block text-sm text-accent underline">
          Back to your saved searches
        </Link>
      </Card>
    </div>
  );
}
