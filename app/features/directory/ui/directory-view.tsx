import { Download, Lock, Search, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useLocation, useNavigation, useNavigate, useRevalidator } from "react-router";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { IntroRequestDialog } from "~/features/introductions/intro-request-dialog-lazy.ts";
import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { directoryQueryToParams, formToDirectoryParams, PAGE_SIZES, type DirectoryQuery, type ListFilter } from "../directory-filters.ts";
import type { DirectoryPageResult } from "../directory-result.ts";
import type { GatedFilter } from "../gated-filters.ts";
import { closeFilterPanelOnPhone, focusFilterPanelToggle, type OpenSections } from "./filter-panel-disclosure.tsx";
import { FilterPanel, type FilterOptions } from "./filter-panel.tsx";
import { PaginationBar } from "./pagination-bar.tsx";
import { QueryNotices, SearchSuggestionNotice } from "./query-notices.tsx";
import type { InterpretationView } from "../interpretation-view.ts";
import { InterpretationChips } from "./interpretation-chips.tsx";
import { ResultsGrid } from "./results-grid.tsx";
import { SortControl } from "./sort-control.tsx";

const HEADINGS = { all: "All Listings", startup: "Startups", investor: "Investors", partner: "Local Partners" } as const;
/** Open directory pages refresh every 60 s (spec 01 §9), never on window focus. */
const REFRESH_MS = 60_000;
const SEARCH_DEBOUNCE_MS = 300;

/** What the directory route sends: the query as read, one page of results and the filters' options. */
export interface DirectoryViewData {
  query: DirectoryQuery;
  result: DirectoryPageResult;
  notices: string[];
  /** The filters the search's words became (decision 0083). */
  interpretation?: InterpretationView | null;
  options: FilterOptions;
  canExport: boolean;
  exportHint: string | null;
  previewOnlyFilters: boolean;
  gatedFilters: GatedFilter[];
  /** Beside the heading: what the page's route adds (the "Save search" control of saved searches). */
  headerAction?: ReactNode;
  /** Under the heading, above the search box: what the page's route adds ("Ask in plain words"). */
  belowHeader?: ReactNode;
}

/** The partner directory (spec 01 §2): search, filters, results and paging in one GET form that works without JavaScript. */
export function DirectoryView({
  query,
  result,
  options,
  canExport: exportAllowed,
  exportHint,
  previewOnlyFilters,
  gatedFilters,
  notices,
  interpretation,
  headerAction,
  belowHeader,
}: DirectoryViewData) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [searchText, setSearchText] = useState(query.searchQuery ?? "");
  const { unlock } = useUnlockPrompt();
  const [introRecipient, setIntroRecipient] = useState<IntroRecipient | null>(null);
  const [openSections, setOpenSections] = useState<ReadonlySet<string>>(new Set());
  const sections: OpenSections = {
    isOpen: (title) => openSections.has(title),
    toggle: (title, open) =>
      setOpenSections((current) => {
        if (current.has(title) === open) return current;
        const next = new Set(current);
        if (open) next.add(title);
        else next.delete(title);
        return next;
      }),
  };
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const loading = navigation.state === "loading" && navigation.location?.pathname === pathname;
  const countryCodes = useMemo(() => Object.fromEntries(options.countries.map((c) => [c.value, c.code])), [options.countries]);

  // Keep the box in step with the URL (back button, Clear All) unless the visitor is typing in it.
  useEffect(() => {
    if (document.activeElement?.id !== "directory-search") setSearchText(query.searchQuery ?? "");
  }, [query.searchQuery]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  // On a phone a change in the panel closes it; focus goes back to its toggle once the panel is remounted for the
  // new address (decision 0085).
  const refocusToggle = useRef(false);
  useEffect(() => {
    if (!refocusToggle.current) return;
    refocusToggle.current = false;
    focusFilterPanelToggle();
  }, [search]);
  const panelChanged = () => {
    if (closeFilterPanelOnPhone(sections)) refocusToggle.current = true;
  };

  // Every change submits the whole form without a page number: filters, search and type reset to page 1.
  const go = (formData: FormData, replace = false) => {
    void navigate(`${pathname}?${formToDirectoryParams(formData).toString()}`, { replace, preventScrollReset: true });
  };
  const submitForm = (replace = false) => form.current && go(new FormData(form.current), replace);
  // A type-ahead's choice replaces that one list in what the form holds.
  const onListChange = (name: ListFilter, values: string[]) => {
    if (!form.current) return;
    const formData = new FormData(form.current);
    formData.delete(name);
    for (const value of values) formData.append(name, value);
    go(formData);
    panelChanged();
  };
  const hrefFor = (page: number) => `${pathname}?${directoryQueryToParams({ ...query, page }).toString()}`;
  const heading = HEADINGS[query.entityType ?? "all"];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Partner Directory</h1>
          <p className="mt-2 text-fg-muted">Discover and connect with partners, startups, and investors</p>
        </div>
        {headerAction}
      </div>
      {belowHeader}

      <form
        ref={form}
        method="get"
        action={pathname}
        id="directory-form"
        data-hydrated={hydrated}
        onSubmit={(e) => {
          e.preventDefault();
          clearTimeout(debounce.current);
          submitForm();
        }}
        onChange={(e) => {
          const target = e.target as unknown as HTMLInputElement;
          if (target.id === "directory-search" || target.role === "combobox") return;
          submitForm();
          if (target.closest("#filter-controls")) panelChanged();
        }}
      >
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
              value={searchText}
              maxLength={200}
              placeholder="Search by name or description..."
              onChange={(e) => {
                setSearchText(e.target.value);
                clearTimeout(debounce.current);
                debounce.current = setTimeout(() => submitForm(true), SEARCH_DEBOUNCE_MS);
              }}
              className="h-11 w-full rounded-lg border border-border bg-surface pr-3 pl-9 text-sm [&::-webkit-search-cancel-button]:hidden"
            />
          </div>
          {searchText ? (
            <button
              type="button"
              className="inline-flex h-11 items-center gap-1 rounded-lg border border-border px-3 text-sm font-medium hover:bg-surface-muted"
              onClick={() => {
                flushSync(() => setSearchText(""));
                submitForm();
              }}
            >
              <X className="size-4" aria-hidden="true" /> Clear
            </button>
          ) : null}
          <button type="submit" className="h-11 rounded-lg bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent-hover">
            Search
          </button>
        </div>

        <div className="mt-8 flex flex-col gap-8 lg:flex-row">
          <FilterPanel
            key={search}
            query={query}
            facets={result.facets}
            options={options}
            onListChange={onListChange}
            clearHref={pathname}
            previewOnly={previewOnlyFilters}
            gatedFilters={gatedFilters}
            total={result.pagination.totalRecords}
            sections={sections}
          />
          <section aria-labelledby="results-heading" className="min-w-0 flex-1" aria-busy={loading}>
            {interpretation ? <InterpretationChips interpretation={interpretation} pathname={pathname} /> : null}
            <QueryNotices notices={notices} />
            <SearchSuggestionNotice
              suggestion={result.suggestion}
              href={`${pathname}?${directoryQueryToParams({ ...query, searchQuery: result.suggestion?.searchQuery ?? "", page: 1 })}`}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="results-heading" tabIndex={-1} className="text-xl font-semibold">
                {heading} <span className="font-normal text-fg-muted">({result.pagination.totalRecords})</span>
              </h2>
              <SortControl query={query} />
              {exportAllowed ? (
                <a
                  href={`/api/listings/export.csv?${directoryQueryToParams(query)}`}
                  download
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                >
                  <Download aria-hidden="true" />
                  Export CSV
                </a>
              ) : exportHint ? (
                <button
                  type="button"
                  title={exportHint}
                  onClick={unlock}
                  aria-haspopup="dialog"
                  className={buttonClass({ variant: "secondary", size: "sm" })}
                >
                  <Lock aria-hidden="true" />
                  Export CSV
                  <span className="sr-only">: {exportHint}</span>
                </button>
              ) : null}
            </div>
            <ResultsGrid
              items={result.data}
              loading={loading}
              onLocked={unlock}
              onRequestIntro={setIntroRecipient}
              countryCodes={countryCodes}
            />
            {result.data.length > 0 ? (
              <PaginationBar
                pagination={result.pagination}
                hrefFor={hrefFor}
                loading={loading}
                pageSizeForm={
                  <label className="flex items-center gap-2 text-sm text-fg-muted">
                    Per page
                    <select
                      name="pageSize"
                      defaultValue={query.pageSize}
                      key={query.pageSize}
                      className="h-9 rounded-lg border border-border bg-surface px-2 text-fg"
                    >
                      {PAGE_SIZES.map((size) => (
                        <option key={size} value={size}>
                          {size}
                        </option>
                      ))}
                    </select>
                  </label>
                }
              />
            ) : null}
          </section>
        </div>
      </form>
      {/* Outside the filter form: React events bubble through portals, and the form listens to its fields. */}
      <IntroRequestDialog
        open={introRecipient !== null}
        onOpenChange={(open) => !open && setIntroRecipient(null)}
        recipient={introRecipient}
      />
    </div>
  );
}
