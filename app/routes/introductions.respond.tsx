import { CircleCheck, CircleX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/introductions.respond";
import { Button, buttonClass } from "~/components/ui/button.tsx";
import { readResponseLink, respondToIntro } from "~/features/introductions/intro-review.server.ts";
import { getAppContext } from "~/lib/app-context.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Introduction request | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * Where the recipient's accept and decline links lead. Opening the link only shows the request: a mail
 * scanner or link preview fetching it must not answer for the recipient. The button posts the answer.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await readResponseLink(getAppContext(context).database, params.token);
  if (link.state !== "open") return { state: link.state };
  return {
    state: link.state,
    response: link.response,
    requesterName: link.requesterName,
    recipientName: link.recipientName,
    message: link.message,
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  return { outcome: await respondToIntro(getAppContext(context).database, params.token) };
}

const OUTCOME = {
  accepted: { title: "Introduction made", text: "We have sent one e-mail to both of you. Reply to all to take it from there.", ok: true },
  declined: { title: "Request declined", text: "We will let them know politely. Your e-mail address has not been shared.", ok: true },
  answered: { title: "Already answered", text: "This introduction request has already been answered. Each link works once.", ok: false },
  expired: {
    title: "Link expired",
    text: "This link has expired. If you would still like the introduction, reply to our e-mail.",
    ok: false,
  },
  invalid: { title: "Link not valid", text: "This link is not valid. Please use the link from our e-mail as it was sent.", ok: false },
} as const;

export default function RespondToIntroduction({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const state = actionData?.outcome ?? loaderData.state;
  if (state !== "open" || loaderData.state !== "open") {
    const outcome = OUTCOME[state === "open" ? "answered" : state];
    const Icon = outcome.ok ? CircleCheck : CircleX;
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <Icon aria-hidden="true" className={outcome.ok ? "mx-auto size-10 text-accent" : "mx-auto size-10 text-danger"} />
        <h1 className="mt-4 text-2xl font-semibold">{outcome.title}</h1>
        <p className="mt-2 text-fg-muted">{outcome.text}</p>
        <Link to="/" className={buttonClass({ variant: "secondary", className: "mt-8" })}>
          Go to Introbase
        </Link>
      </div>
    );
  }
  const accept = loaderData.response === "accept";
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold">
        {loaderData.requesterName} would like an introduction to {loaderData.recipientName}
      </h1>
      <blockquote className="mt-6 rounded-lg border-l-4 border-accent bg-surface-muted p-4 text-sm whitespace-pre-wrap">
        {loaderData.message}
      </blockquote>
      <p className="mt-6 text-sm text-fg-muted">
        {accept
          ? "Accepting sends one e-mail to both of you with each other's address."
          : "Declining tells them politely that you cannot take it up. Your address is never shared."}
      </p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <Button type="submit" variant={accept ? "primary" : "secondary"} disabled={busy}>
          {accept ? "Accept introduction" : "Decline introduction"}
        </Button>
      </Form>
    </div>
  );
}
