import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { QUOTA_EXCEEDED } from "~/features/access/quotas.ts";
import type { ListingType } from "~/features/catalog/listing-types.ts";
import { plural } from "~/lib/wording.ts";
import { AI_API, type SummaryAnswer } from "./ai-api-schema.ts";
import { askAi } from "./ask-ai.ts";
import { useAiAccess } from "./use-ai-access.ts";

type State =
  { name: "idle" } | { name: "busy" } | { name: "done"; answer: SummaryAnswer } | { name: "failed"; title: string; message: string };

/**
 * "AI summary" on a profile (decision 0065), for a member whose plan has AI requests on a server with an AI
 * provider; nothing at all otherwise. Each click is one AI request: the summary is asked for only when wanted.
 */
export function AiSummary({ listing }: { listing: { type: ListingType; slug: string; name: string } }) {
  const allowed = useAiAccess();
  const [state, setState] = useState<State>({ name: "idle" });
  if (!allowed) return null;

  async function summarise() {
    setState({ name: "busy" });
    const url = `/api/listings/${listing.type}/${encodeURIComponent(listing.slug)}/summary`;
    const reply = await askAi(url, {}, AI_API.listingSummary.response);
    if (reply.ok) setState({ name: "done", answer: reply.data });
    else setState({ name: "failed", title: reply.quotaExceeded ? QUOTA_EXCEEDED : "No summary this time", message: reply.message });
  }

  return (
    <Card className="p-5" role="region" aria-labelledby="ai-summary-title">
      <h2 id="ai-summary-title" className="flex items-center gap-2 text-base font-semibold">
        <Sparkles className="size-5 text-accent" aria-hidden="true" />
        AI summary
      </h2>
      <div className="mt-3" aria-live="polite" aria-busy={state.name === "busy"}>
        {state.name === "idle" ? (
          <p className="text-sm text-fg-muted">A short summary of {listing.name}, written from this profile.</p>
        ) : null}
        {state.name === "busy" ? (
          <div className="flex flex-col gap-2" role="status" aria-label="Writing the summary...">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ) : null}
        {state.name === "done" ? (
          <>
            <p className="leading-relaxed" data-testid="ai-summary-text">
              {state.answer.summary}
            </p>
            <p className="mt-2 text-xs text-fg-muted">
              Written by AI from what this profile shows you; check important facts. {plural(state.answer.quota.remaining, "AI request")}{" "}
              left this month.
            </p>
          </>
        ) : null}
        {state.name === "failed" ? (
          <div role="alert" className="text-sm">
            <p className="font-medium text-danger">{state.title}</p>
            <p className="mt-1 text-fg-muted">{state.message}</p>
          </div>
        ) : null}
      </div>
      {state.name === "done" ? null : (
        <Button variant="secondary" size="sm" className="mt-4 w-full" onClick={summarise} disabled={state.name === "busy"}>
          <Sparkles aria-hidden="true" />
          {state.name === "failed" ? "Try again" : "Summarise with AI"}
        </Button>
      )}
    </Card>
  );
}
