import { Info } from "lucide-react";

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
