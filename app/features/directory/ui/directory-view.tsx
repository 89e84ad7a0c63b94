import { useEffect, useMemo, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { useLocation, useNavigation, useRevalidator } from "react-router";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { IntroRequestDialog } from "~/features/introductions/intro-request-dialog-lazy.ts";
import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";
import { useCurrentUser } from "~/lib/use-current-user.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { directoryQueryToParams, type DirectoryQuery } from "../directory-filters.ts";
import type { DirectoryPageResult } from "../directory-result.ts";
import type { GatedFilter } from "../gated-filters.ts";
import { ExportCsvButton, PageSizeSelect, SearchBox } from "./directory-view-parts.tsx";
import { FilterPanel, type FilterOptions } from "./filter-panel.tsx";
import { PaginationBar } from "./pagination-bar.tsx";
import { QueryNotices, SearchSuggestionNotice } from "./query-notices.tsx";
import type { InterpretationView } from "../interpretation-view.ts";
import { InterpretationChips } from "./interpretation-chips.tsx";
import { AddSelectedButton, AddSelectionForm } from "./add-to-list-selection.tsx";
import { ResultsGrid } from "./results-grid.tsx";
import { SortControl } from "./sort-control.tsx";
import { useDirectoryForm } from "./use-directory-form.ts";

const HEADINGS = { all: "All Listings", startup: "Startups", investor: "Investors", partner: "Local Partners" } as const;
/** Open directory pages refresh every 60 s (spec 01 §9), never on window focus. */
const REFRESH_MS = 60_000;

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

/** Open directory pages refresh their results every 60 s while the tab is visible (spec 01 §9), never on focus. */
function useRefreshWhileOpen() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
}

/** The page's title, with what the route adds beside it and under it. */
function DirectoryHeading({ action, below }: { action: ReactNode; below: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Partner Directory</h1>
          <p className="mt-2 text-fg-muted">Discover and connect with partners, startups, and investors</p>
        </div>
        {action}
      </div>
      {below}
    </>
  );
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
  const hydrated = useHydrated();
  const [searchText, setSearchText] = useState(query.searchQuery ?? "");
  const { unlock } = useUnlockPrompt();
  const user = useCurrentUser();
  const [introRecipient, setIntroRecipient] = useState<IntroRecipient | null>(null);
  const { form, sections, submitForm, submitNow, submitSoon, onListChange, onFormChange } = useDirectoryForm(pathname, search);
  const loading = navigation.state === "loading" && navigation.location?.pathname === pathname;
  const countryCodes = useMemo(() => Object.fromEntries(options.countries.map((c) => [c.value, c.code])), [options.countries]);
  useRefreshWhileOpen();

  // Keep the box in step with the URL (back button, Clear All) unless the visitor is typing in it.
  useEffect(() => {
    if (document.activeElement?.id !== "directory-search") setSearchText(query.searchQuery ?? "");
  }, [query.searchQuery]);

  const hrefFor = (page: number) => `${pathname}?${directoryQueryToParams({ ...query, page }).toString()}`;
  const heading = HEADINGS[query.entityType ?? "all"];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <DirectoryHeading action={headerAction} below={belowHeader} />

      <form
        ref={form}
        method="get"
        action={pathname}
        id="directory-form"
        data-hydrated={hydrated}
        onSubmit={(e) => {
          e.preventDefault();
          submitNow();
        }}
        onChange={(e) => onFormChange(e.target as unknown as HTMLInputElement)}
      >
        <SearchBox
          value={searchText}
          onType={(text) => {
            setSearchText(text);
            submitSoon();
          }}
          onClear={() => {
            flushSync(() => setSearchText(""));
            submitForm();
          }}
        />

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
              <ExportCsvButton query={query} allowed={exportAllowed} hint={exportHint} onLocked={unlock} />
              {user ? <AddSelectedButton /> : null}
            </div>
            <ResultsGrid
              items={result.data}
              loading={loading}
              onLocked={unlock}
              onRequestIntro={setIntroRecipient}
              countryCodes={countryCodes}
              addToListFrom={user ? pathname + search : undefined}
            />
            {result.data.length > 0 ? (
              <PaginationBar
                pagination={result.pagination}
                hrefFor={hrefFor}
                loading={loading}
                pageSizeForm={<PageSizeSelect pageSize={query.pageSize} />}
              />
            ) : null}
          </section>
        </div>
      </form>
      {user ? <AddSelectionForm returnTo={pathname + search} /> : null}
      {/* Outside the filter form: React events bubble through portals, and the form listens to its fields. */}
      <IntroRequestDialog
        open={introRecipient !== null}
        onOpenChange={(open) => !open && setIntroRecipient(null)}
        recipient={introRecipient}
      />
    </div>
  );
}
