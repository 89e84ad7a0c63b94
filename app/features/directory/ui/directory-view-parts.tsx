import { Download, Lock, Search, X } from "lucide-react";
import { buttonClass } from "~/components/ui/button.tsx";
import { directoryQueryToParams, PAGE_SIZES, type DirectoryQuery } from "../directory-filters.ts";

/** The search box with its Clear and Search buttons; typing is handed up, the form submits it. */
export function SearchBox({ value, onType, onClear }: { value: string; onType: (text: string) => void; onClear: () => void }) {
  return (
    <div role="search" className="mt-6 flex gap-2">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" aria-hidden="true" />
        <label htmlFor="directory-search" className="sr-only">
          Search listings
        </label>
        <input
          id="directory-search"
          type="search"
          name="searchQuery"
          value={value}
          maxLength={200}
          placeholder="Search by name or description..."
          onChange={(e) => onType(e.target.value)}
          className="h-11 w-full rounded-lg border border-border bg-surface pr-3 pl-9 text-sm [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
      {value ? (
        <button
          type="button"
          className="inline-flex h-11 items-center gap-1 rounded-lg border border-border px-3 text-sm font-medium hover:bg-surface-muted"
          onClick={onClear}
        >
          <X className="size-4" aria-hidden="true" /> Clear
        </button>
      ) : null}
      <button type="submit" className="h-11 rounded-lg bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover">
        Search
      </button>
    </div>
  );
}

/** Export CSV: a download for who may export, a button that offers the upgrade for who may not, else nothing. */
export function ExportCsvButton({
  query,
  allowed,
  hint,
  onLocked,
}: {
  query: DirectoryQuery;
  allowed: boolean;
  hint: string | null;
  onLocked: () => void;
}) {
  if (allowed)
    return (
      <a
        href={`/api/listings/export.csv?${directoryQueryToParams(query)}`}
        download
        className={buttonClass({ variant: "secondary", size: "sm" })}
      >
        <Download aria-hidden="true" />
        Export CSV
      </a>
    );
  if (!hint) return null;
  return (
    <button
      type="button"
      title={hint}
      onClick={onLocked}
      aria-haspopup="dialog"
      className={buttonClass({ variant: "secondary", size: "sm" })}
    >
      <Lock aria-hidden="true" />
      Export CSV
      <span className="sr-only">: {hint}</span>
    </button>
  );
}

/** How many listings a page shows; part of the form, so a change submits it. */
export function PageSizeSelect({ pageSize }: { pageSize: number }) {
  return (
    <label className="flex items-center gap-2 text-sm text-fg-muted">
      Per page
      <select
        name="pageSize"
        defaultValue={pageSize}
        key={pageSize}
        className="h-9 rounded-lg border border-border bg-surface px-2 text-fg"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </label>
  );
}
