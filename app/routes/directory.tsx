import { isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/directory";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { viewerFor } from "~/features/access/viewer.ts";
import { loadDirectoryPage } from "~/features/directory/directory-page.server.ts";
import { DirectoryView } from "~/features/directory/directory-view.tsx";
import { buildFilterOptions } from "~/features/directory/filter-options.ts";
import { canExport, exportUpgradeHint } from "~/features/directory/export-listings.server.ts";
import { directoryMeta } from "~/features/seo/directory-seo.ts";
import { SaveSearchControl } from "~/features/saved-searches/save-search-control.tsx";
import { saveSearchStateFor } from "~/features/saved-searches/saved-searches-section.server.ts";
import { DirectoryJsonLd } from "~/features/seo/page-json-ld.tsx";
import { originOf } from "~/features/seo/meta-tags.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { directoryReadFor } from "~/lib/read-database.server.ts";
import { DATA_SOURCE_ERROR_MESSAGE, DATA_SOURCE_ERROR_TITLE, STATUS_BY_CODE } from "~/lib/errors.ts";

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
  // The listings from the replica when there is one and this client has not just written (decision 0053), and from
  // the directory index in hand unless it must show what this client just wrote (decision 0058).
  const read = directoryReadFor(database, request, user);
  const { query, result, reference, notices } = await loadDirectoryPage(database, url.searchParams, viewer, read);
  const exportAllowed = await canExport(database, user);
  return {
    query,
    result,
    notices,
    options: buildFilterOptions(reference, result.facets, new Date().getUTCFullYear()),
    canExport: exportAllowed,
    exportHint: user && !exportAllowed ? await exportUpgradeHint(database, user) : null,
    // Below the top tier some listings are locked, and filters match them only on their preview (DESIGN D14).
    previewOnlyFilters: viewer.tier !== "premium",
    saveSearch: await saveSearchStateFor(database, user, query),
  };
}

export default function Directory({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <DirectoryJsonLd query={loaderData.query} items={loaderData.result.data} />
      <DirectoryView {...loaderData} headerAction={<SaveSearchControl save={loaderData.saveSearch} />} />
    </>
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
