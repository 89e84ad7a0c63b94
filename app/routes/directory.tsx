import { Download, Lock, Search, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { isRouteErrorResponse, useLocation, useNavigation, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/directory";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { useUnlockPrompt } from "~/components/layout/unlock-prompt.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { viewerFor } from "~/features/access/viewer.ts";
import { directoryQueryToParams, formToDirectoryParams, PAGE_SIZES, type ListFilter } from "~/features/directory/directory-filters.ts";
import { loadDirectoryPage } from "~/features/directory/directory-page.server.ts";
import { QueryNotices } from "~/features/directory/query-notices.tsx";
import { SortControl } from "~/features/directory/sort-control.tsx";
import { FilterPanel, type OpenSections } from "~/features/directory/filter-panel.tsx";
import { buildFilterOptions } from "~/features/directory/filter-options.ts";
import { canExport, exportUpgradeHint } from "~/features/directory/export-listings.server.ts";
import { ResultsGrid } from "~/features/directory/results-grid.tsx";
import { PaginationBar } from "~/features/directory/pagination-bar.tsx";
import { IntroRequestDialog } from "~/features/introductions/intro-request-dialog-lazy.ts";
import type { IntroRecipient } from "~/features/introductions/intro-recipient.ts";
import { directoryMeta, directoryStructuredData } from "~/features/seo/directory-seo.ts";
import { JsonLd, useSiteOrigin } from "~/features/seo/json-ld-script.tsx";
import { originOf } from "~/features/seo/meta-tags.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { DATA_SOURCE_ERROR_MESSAGE, DATA_SOURCE_ERROR_TITLE, STATUS_BY_CODE } from "~/lib/errors.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";

const HEADINGS = { all: "All Listings", startup: "Startups", investor: "Investors", partner: "Local Partners" } as const;
/** Open directory pages refresh every 60 s (spec 01 §9), never on window focus. */
const REFRESH_MS = 60_000;
const SEARCH_DEBOUNCE_MS = 300;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page =
    loaderData && "result" in loaderData ? { query: loaderData.query, totalRecords: loaderData.result.pagination.totalRecords } : null;
  return directoryMeta(originOf(matches), page);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { database, user } = getAppContext(context);
  // A failure goes to the error pipeline: the database out of reach is spec 01 §8's data-source error (503), a
  // fault of ours a 500 with a request id (decision 0044).
  const viewer = viewerFor(user);
  const { query, result, reference, notices } = await loadDirectoryPage(database, url.searchParams, viewer);
  const exportAllowed = await canExport(database, user);
  return {
    query,
    result,
    notices,
    options: buildFilterOptions(reference, result.facets),
    canExport: exportAllowed,
    exportHint: user && !exportAllowed ? await exportUpgradeHint(database, user) : null,
    // Below the top tier some listings are locked, and filters match them only on their preview (DESIGN D14).
    previewOnlyFilters: viewer.tier !== "premium",
  };
}

export default function Directory({ loaderData }: Route.ComponentProps) {
  return <DirectoryView {...loaderData} />;
}

function DirectoryView({
  query,
  result,
  options,
  canExport: exportAllowed,
  exportHint,
  previewOnlyFilters,
  notices,
}: Route.ComponentProps["loaderData"]) {
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
  };
  const hrefFor = (page: number) => `${pathname}?${directoryQueryToParams({ ...query, page }).toString()}`;
  const heading = HEADINGS[query.entityType ?? "all"];
  const origin = useSiteOrigin();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      {origin ? <JsonLd data={directoryStructuredData(origin, query, result.data)} /> : null}
      <h1 className="text-3xl font-bold tracking-tight">Partner Directory</h1>
      <p className="mt-2 text-fg-muted">Discover and connect with partners, startups, and investors</p>

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
            sections={sections}
          />
          <section aria-labelledby="results-heading" className="min-w-0 flex-1" aria-busy={loading}>
            <QueryNotices notices={notices} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="results-heading" className="text-xl font-semibold">
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Only the database out of reach is the spec's data-source error; anything else is the site's error page.
  if (!isRouteErrorResponse(error) || error.status !== STATUS_BY_CODE.data_source) return <StatusPage error={error} />;
  const detail = error.data as { title?: string; message?: string } | undefined;
  return (
    <div role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{detail?.title ?? DATA_SOURCE_ERROR_TITLE}</h1>
      <p className="mt-2 text-fg-muted">{detail?.message ?? DATA_SOURCE_ERROR_MESSAGE}</p>
    </div>
  );
}
