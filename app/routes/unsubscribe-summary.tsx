import { Form, Link } from "react-router";
import type { Route } from "./+types/unsubscribe-summary";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import {
  applySummaryUnsubscribe,
  readSummaryUnsubscribe,
  summaryUnsubscribeErrorCode,
  type SummaryUnsubscribeState,
} from "~/features/owner-insights/summary-emails.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Unsubscribe | Introbase" }, { name: "robots", content: "noindex" }];
}

const answer = (state: SummaryUnsubscribeState) => pageAnswer(state, summaryUnsubscribeErrorCode(state));

/** Opening the link says what it will do and changes nothing (a mail scanner follows links, RFC 8058 §4). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return answer(await readSummaryUnsubscribe(getAppContext(context).database, params.token));
}

/** The one-click POST of List-Unsubscribe-Post (no cookie, no sign-in) and the page's button: the summary off. */
export async function action({ params, context }: Route.ActionArgs) {
  return answer(await applySummaryUnsubscribe(getAppContext(context).database, params.token));
}

const SAID: Record<Exclude<SummaryUnsubscribeState["state"], "open">, string> = {
  done: "Done: no more monthly summaries of your listings.",
  already_off: "The monthly summary is already off.",
  out_of_date: "This link is out of date: the setting was changed after this e-mail was sent, so it changes nothing.",
  gone: "This account no longer exists, so there is nothing to stop.",
  invalid: "This link is not valid: it may have been cut short or changed. Use the link in the e-mail as it is.",
};

export default function UnsubscribeSummary({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="p-6">
        <h1 className="text-xl font-semibold">Monthly listing summary</h1>
        {state.state === "open" ? (
          <>
            <p className="mt-3 text-sm">Stop the monthly e-mail about the listings you keep? Your insights page stays as it is.</p>
            <Form method="post" className="mt-4">
              <Button type="submit">Stop these e-mails</Button>
            </Form>
          </>
        ) : (
          <p role="status" className="mt-3 text-sm">
            {SAID[state.state]}
          </p>
        )}
        <Link to="/my-listings" className="mt-4 inline-block text-sm text-accent underline">
          Turn it on again from your listing&apos;s insights
        </Link>
      </Card>
    </div>
  );
}
