import type { ErrorCode } from "~/lib/errors.ts";
import type { LinkPageState } from "./claim-link-page.tsx";

/**
 * The status a claim or invitation link's page answers with: a link that can do nothing is a 4xx, opened or posted,
 * with the page saying why (as the introduction response links do). Opening a used link stays a 200 (it says so);
 * confirming it again is a 409.
 */
export function linkPageErrorCode(state: LinkPageState["state"], posted: boolean): ErrorCode | null {
  switch (state) {
    case "invalid":
      return "not_found";
    case "expired":
      return "gone";
    case "other_account":
      return "forbidden";
    case "no_longer":
      return "conflict";
    case "used":
    case "already_owner":
      return posted ? "conflict" : null;
    default:
      return null;
  }
}
