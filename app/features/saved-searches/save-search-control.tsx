import { Bookmark, BookmarkCheck } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, MAX_NAME_LENGTH } from "./saved-search-choices.ts";
import type { SaveSearchState } from "./saved-searches-section.server.ts";

/**
 * The directory's "Save search" (issue 18 §2): a visitor is asked to sign in, a free member offered the upgrade, a
 * member who saved this state sees its name. The form is a plain post inside a disclosure, so it works without JavaScript.
 */
export function SaveSearchControl({ save }: { save: SaveSearchState }) {
  const { unlock } = useUnlockPrompt();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  if (save.state === "saved") {
    return (
      <Link to={`/saved-searches/${save.id}`} className={buttonClass({ variant: "secondary", size: "sm" })}>
        <BookmarkCheck aria-hidden="true" />
        Saved as "{save.name}"
      </Link>
    );
  }
  if (save.state !== "can_save") {
    // Signed out: the sign-in prompt (a link without JavaScript); a free member: the upgrade prompt.
    return save.state === "signed_out" ? (
      <Link
        to={`/sign-in?returnTo=${encodeURIComponent(pathname + search)}`}
        onClick={(e) => {
          e.preventDefault();
          unlock();
        }}
        className={buttonClass({ variant: "secondary", size: "sm" })}
      >
        <Bookmark aria-hidden="true" />
        Save search
      </Link>
    ) : (
      <Button variant="secondary" size="sm" onClick={unlock} aria-haspopup="dialog">
        <Bookmark aria-hidden="true" />
        Save search
      </Button>
    );
  }
  return (
    <details className="relative" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className={buttonClass({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })}>
        <Bookmark aria-hidden="true" />
        Save search
      </summary>
      <Form
        method="post"
        action="/saved-searches"
        className="absolute right-0 z-10 mt-2 grid w-72 gap-3 rounded-lg border border-border bg-surface p-4 shadow-lg"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="query" value={save.query} />
        <FormField label="Name">
          {(props) => <input {...props} name="name" defaultValue={save.suggestedName} maxLength={MAX_NAME_LENGTH} required />}
        </FormField>
        <FormField label="E-mail alerts">
          {(props) => (
            <select {...props} name="alertFrequency" defaultValue="weekly">
              {ALERT_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {ALERT_FREQUENCY_LABELS[f]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" size="sm">
          Save
        </Button>
      </Form>
    </details>
  );
}
