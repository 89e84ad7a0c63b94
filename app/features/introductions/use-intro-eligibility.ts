import { useEffect, useState } from "react";
import { getJson } from "~/lib/api-client.ts";
import type { IntroRecipient } from "./intro-recipient.ts";
import type { IntroEligibility } from "./intro-request.ts";

export type EligibilityState = { state: "checking" } | { state: "open" } | { state: "refused"; message: string };

/**
 * The dialog's question when it opens (decision 0116): does this listing take my request? The server decides; a refusal
 * is shown before the requester writes a word. No answer (offline) lets them write: the POST is refused the same way.
 */
export function useIntroEligibility(recipient: IntroRecipient): EligibilityState {
  const [answer, setAnswer] = useState<EligibilityState>({ state: "checking" });
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ recipientType: recipient.type, recipientSlug: recipient.slug });
    void getJson<IntroEligibility>(`/api/intro-requests/eligibility?${query}`, { signal: controller.signal }).then((reply) => {
      if (controller.signal.aborted) return;
      if (reply.ok && !reply.data.ok) setAnswer({ state: "refused", message: reply.data.message });
      else if (!reply.ok && reply.kind === "http" && reply.error) setAnswer({ state: "refused", message: reply.error });
      else setAnswer({ state: "open" });
    });
    return () => controller.abort();
  }, [recipient.type, recipient.slug]);
  return answer;
}
