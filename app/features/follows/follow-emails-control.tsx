import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FOLLOW_EMAILS_INTENT } from "./follow-form.ts";

/**
 * "E-mail me what changes on listings I follow", on or off (decision 0063, addendum): a plain form posted to
 * /following, so it works without JavaScript, that comes back to the page it was on.
 */
export function FollowEmailsControl({ emails, returnTo }: { emails: boolean; returnTo: string }) {
  return (
    <Form method="post" action="/following" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <input type="hidden" name="intent" value={FOLLOW_EMAILS_INTENT} />
      <input type="hidden" name="emails" value={emails ? "off" : "on"} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <p id="follow-emails-label">
        E-mail me what changes on listings I follow: <strong>{emails ? "on" : "off"}</strong>
      </p>
      <Button type="submit" variant="secondary" size="sm" aria-describedby="follow-emails-label">
        {emails ? "Turn off" : "Turn on"}
      </Button>
    </Form>
  );
}
