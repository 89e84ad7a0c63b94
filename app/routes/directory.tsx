import { redirect } from "react-router";
import type { Route } from "./+types/directory";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { viewerFor } from "~/features/access/viewer.ts";
import { PlainWordsControl } from "~/features/ai/plain-words-control.tsx";
import { answerPlainWords } from "~/features/ai/plain-words-request.server.ts";
import { plainWordsStateFor } from "~/features/ai/plain-words-state.server.ts";
import { interpretedAddress, loadDirectoryPage } from "~/features/directory/server/directory-page.server.ts";
import { DirectoryView } from "~/features/directory/ui/directory-view.tsx";
import { buildFilterOptions } from "~/features/directory/filter-options.ts";
import { recordSearchAppearances } from "~/features/owner-insights/record-insights.server.ts";
import { canExport, exportUpgradeHint } from "~/features/directory/server/export-listings.server.ts";
import { directoryMeta } from "~/features/seo/directory-seo.ts";
import { SaveSearchControl } from "~/features/saved-searches/save-search-control.tsx";
import { saveSearchStateFor } from "~/features/saved-searches/saved-searches-section.server.ts";
import { DirectoryJsonLd } from "~/features/seo/page-json-ld.tsx";
import { originOf } from "~/features/seo/meta-tags.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { directoryReadFor } from "~/lib/read-database.server.ts";
import { DATA_SOURCE_ERROR_MESSAGE, DATA_SOURCE_ERROR_TITLE } from "~/lib/errors.ts";
import { pageAnswer } from "~/lib/form-result.server.ts";
import { isDataSourceOutage } from "~/lib/route-error.ts";
import { readForm } from "~/lib/http.server.ts";

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
  // A search whose words name filters shows them in the address (decision 0083): the panel has them chosen.
  const interpreted = await interpretedAddress(database, url.searchParams, viewer, read);
  // The page's own path, not its data request's (/listings.data when the browser navigates with JavaScript).
  if (interpreted !== null) throw redirect(`${url.pathname.replace(/(?:\/_)?\.data$/, "") || "/"}?${interpreted}`);
  const { query, result, reference, notices, interpretation, gatedFilters } = await loadDirectoryPage(
    database,
    url.searchParams,
    viewer,
    read,
  );
  // Each listing on the page appeared in a search, for its owners' insights (decision 0117): counted in memory.
  recordSearchAppearances(database, { request, listingIds: result.data.map((item) => item.id), user });
  const exportAllowed = await canExport(database, user);
  // Each option carries its own count: of the facet counts only the panel's own two are sent again (issue 33).
  const { facets, ...page } = result;
  return {
    query,
    result: { ...page, facets: { entityType: facets.entityType, featured: facets.featured } },
    notices,
    interpretation,
    options: buildFilterOptions(reference, facets, new Date().getUTCFullYear()),
    canExport: exportAllowed,
    exportHint: user && !exportAllowed ? await exportUpgradeHint(database, user) : null,
    // Below the top tier some listings are locked, and filters match them only on their preview (DESIGN D14).
    previewOnlyFilters: viewer.tier !== "premium",
    gatedFilters,
    saveSearch: await saveSearchStateFor(database, user, query),
    plainWords: await plainWordsStateFor(database, user, url.searchParams),
  };
}

/**
 * "Ask in plain words" (decision 0087): the sentence becomes this page's filters, and the member is sent there; a
 * refusal (bad sentence, plan, month spent, AI down) comes back to the form with its words and the right status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, user } = getAppContext(context);
  // NUL is the sentence's check to refuse, beside the field, not the body reader's error page.
  const form = await readForm(request, { nulInValues: true });
  const raw = form.get("sentence");
  const reply = await answerPlainWords(database, user, raw ?? "");
  if (reply.ok) return redirect(reply.outcome.href, 303);
  // Back in the box as typed, but for what an HTML page cannot hold (controls, broken surrogates), and not a novel.
  const sentence =
    typeof raw === "string" ? [...raw.toWellFormed().replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, " ")].slice(0, 1000).join("") : "";
  return pageAnswer({ plainWords: { error: reply.message, sentence } }, reply.code);
}

export default function Directory({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <DirectoryJsonLd query={loaderData.query} items={loaderData.result.data} />
      <DirectoryView
        {...loaderData}
        headerAction={<SaveSearchControl save={loaderData.saveSearch} />}
        belowHeader={<PlainWordsControl state={loaderData.plainWords} refusal={actionData?.plainWords} />}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Only the database out of reach is the spec's data-source error; anything else is the site's error page.
  if (!isDataSourceOutage(error)) return <StatusPage error={error} />;
  const detail = error.data as { title?: string; message?: string } | undefined;
  return (
    <div role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{detail?.title ?? DATA_SOURCE_ERROR_TITLE}</h1>
      <p className="mt-2 text-fg-muted">{detail?.message ?? DATA_SOURCE_ERROR_MESSAGE}</p>
    </div>
  );
}
