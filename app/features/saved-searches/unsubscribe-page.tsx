import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import type { UnsubscribeState } from "./unsubscribe.server.ts";

type State = UnsubscribeState | { state: "done"; names: string[]; follows: boolean };

/** What a link covers, in words: the saved searches by name, and the e-mails about followed listings. */
function covered({ names, follows }: { names: string[]; follows: boolean }): string {
  const parts = names.map((n) => `"${n}"`);
  if (follows) parts.push("the listings you follow");
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

/** The unsubscribe link's page: what it will do (with the button), what it did, or why it does nothing. */
export function UnsubscribePage({ state }: { state: State }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="p-6">
        <h1 className="text-xl font-semibold">Introbase e-mails</h1>
        {state.state === "open" ? (
          <>
            <p className="mt-3 text-sm">
              Stop the e-mails about {covered(state)}?{" "}
              {state.names.length
                ? `The saved ${state.names.length === 1 ? "search stays" : "searches stay"} in your settings.`
                : "You keep following them."}
            </p>
            <Form method="post" className="mt-4">
              <Button type="submit">Stop these e-mails</Button>
            </Form>
          </>
        ) : (
          <p role="status" className="mt-3 text-sm">
            {state.state === "done"
              ? `Done: no more e-mails about ${covered(state)}.`
              : state.state === "already_off"
                ? `E-mails about ${covered(state)} are already off.`
                : state.state === "out_of_date"
                  ? "This link is out of date: the alert settings were changed after this e-mail was sent, so it changes nothing. Manage your alerts in your settings."
                  : state.state === "gone"
                    ? "This saved search no longer exists, so there is nothing to stop."
                    : "This link is not valid: it may have been cut short or changed. Use the link in the e-mail as it is, or manage your alerts in your settings."}
          </p>
        )}
        <Link to="/settings#saved-searches" className="mt-4 inline-block text-sm text-accent underline">
          Manage alerts in your settings
        </Link>
      </Card>
    </div>
  );
}
