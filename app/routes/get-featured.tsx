import type { Route } from "./+types/get-featured";
import { StatusPage } from "~/components/layout/status-page.tsx";
import { applyToBeFeatured } from "~/features/applications/apply-to-be-featured.server.ts";
import { featureFormOptions } from "~/features/applications/feature-application-form.tsx";
import { FEATURE_AUDIENCES, GetFeaturedPage } from "~/features/applications/get-featured-page.tsx";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import { notFoundMeta, originOf, pageMeta } from "~/features/seo/meta-tags.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { formDone, formRefused, pageAnswer } from "~/lib/form-result.server.ts";
import { logger } from "~/lib/logger.server.ts";

/** Only startups and partners apply here; any other type (/get-featured/investor) is the site's not-found page. */
function audienceOf(param: string | undefined): keyof typeof FEATURE_AUDIENCES {
  if (param === "startup" || param === "partner") return param;
  throw pageAnswer(null, "not_found");
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (params.type !== "startup" && params.type !== "partner")
    logger.warn({ path: new URL(request.url).pathname.replace(/\.data$/, "").slice(0, 500) }, "page not found");
  const type = audienceOf(params.type);
  const reference = await getReferenceData(getAppContext(context).database);
  return {
    type,
    options: featureFormOptions(reference),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(originOf(matches));
  const audience = FEATURE_AUDIENCES[loaderData.type];
  return pageMeta({
    origin: originOf(matches),
    path: `/get-featured/${loaderData.type}`,
    title: audience.title,
    description: audience.intro,
  });
}

/** The application: its limit, robot check, fields and logo in the order applyToBeFeatured keeps (a security order). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const type = audienceOf(params.type);
  const { database, user, clientAddress } = getAppContext(context);
  const { code, result } = await applyToBeFeatured(database, { type, request, userId: user?.id ?? null, clientAddress });
  return code ? formRefused(code, result) : formDone(result);
}

export default function GetFeatured({ loaderData, actionData }: Route.ComponentProps) {
  return <GetFeaturedPage type={loaderData.type} options={loaderData.options} result={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StatusPage error={error} />;
}
