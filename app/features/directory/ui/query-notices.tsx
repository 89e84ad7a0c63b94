import { Info } from "lucide-react";
import { Link } from "react-router";
import type { SearchSuggestion } from "../directory-result.ts";

/** What the directory changed from the address it was given, said plainly above the results (issue 15 §5). */
export function QueryNotices({ notices }: { notices: string[] }) {
  if (!notices.length) return null;
  return (
    <div role="status" className="mb-4 flex gap-2 rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden="true" />
      <ul className="space-y-1">
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </div>
  );
}

/** A search that found nothing links to one that finds something (decision 0082): never a dead end. */
export function SearchSuggestionNotice({ suggestion, href }: { suggestion: SearchSuggestion | undefined; href: string }) {
  if (!suggestion) return null;
  const found = `${suggestion.totalRecords} ${suggestion.totalRecords === 1 ? "listing" : "listings"}`;
  return (
    <p role="status" className="mb-4 rounded-lg border border-border bg-surface-muted px-3 py-2 text-sm">
      {suggestion.reason === "spelling" ? "Did you mean " : "Nothing matches every word. Try "}
      <Link to={href} className="font-medium text-accent underline underline-offset-2">
        {suggestion.searchQuery || "the filters without the words"}
      </Link>
      {` (${found})?`}
    </p>
  );
}
