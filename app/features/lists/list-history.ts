/**
 * A line of a list's history in words (issue 37, decision 0120): "Priya Premium moved Acme from Sourced to Meeting".
 * The listing is named by what its card shows the viewer (a locked teaser still shows the name, nothing more).
 */
import type { ListEventAction } from "#db/schema/lists.ts";

export interface HistoryLine {
  id: string;
  at: string;
  actor: string | null;
  action: ListEventAction;
  /** The listing as the viewer's card names it; null for a line about the list itself or a listing no longer listed. */
  listing: { name: string; href: string } | null;
  /** Whether the line is about a listing (then `listing` null means it is no longer listed). */
  aboutListing: boolean;
  detail: Record<string, string | number> | null;
}

const text = (detail: HistoryLine["detail"], key: string): string => {
  const value = detail?.[key];
  return value === undefined || value === null ? "" : String(value);
};

/** The words after the actor's name, the listing's name given as `listing` (a link on the page). */
export function describeHistoryLine(line: Pick<HistoryLine, "action" | "detail">, listing: string): string {
  const d = line.detail;
  switch (line.action) {
    case "created":
      return `created the list "${text(d, "name")}"`;
    case "renamed":
      return `renamed the list from "${text(d, "from")}" to "${text(d, "to")}"`;
    case "columns_changed":
      return describeColumnChange(d);
    case "added":
      return `added ${listing}`;
    case "removed":
      return `removed ${listing}`;
    case "moved":
      return `moved ${listing} from ${text(d, "from")} to ${text(d, "to")}`;
    case "commented":
      return `commented on ${listing}`;
    case "tagged":
      return `tagged ${listing} "${text(d, "tag")}"`;
    case "untagged":
      return `removed the tag "${text(d, "tag")}" from ${listing}`;
    case "exported":
      return "exported the list as CSV";
  }
}

function describeColumnChange(d: HistoryLine["detail"]): string {
  switch (text(d, "change")) {
    case "added":
      return `added the column ${text(d, "column")}`;
    case "renamed":
      return `renamed the column ${text(d, "from")} to ${text(d, "to")}`;
    case "reordered":
      return `moved the column ${text(d, "column")} ${text(d, "direction") === "up" ? "left" : "right"}`;
    case "removed":
      return `removed the column ${text(d, "column")}`;
    default:
      return "changed the columns";
  }
}

/** Who did it: their name, or "A former member" once their account is gone. */
export function actorName(line: Pick<HistoryLine, "actor">): string {
  return line.actor ?? "A former member";
}
