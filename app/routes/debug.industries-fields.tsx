import type { Route } from "./+types/debug.industries-fields";
import { IndustriesFieldsPage } from "~/features/taxonomy/industries-fields-page.tsx";
import { validateIndustriesFields } from "~/features/taxonomy/industries-fields.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Industries field validation | Introbase" }, { name: "robots", content: "noindex" }];
}

/** Industries field validation (spec 02 §2), admins only. ?validate=1 is the button without JavaScript. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  const validate = new URL(args.request.url).searchParams.get("validate") === "1";
  return { report: validate ? await validateIndustriesFields(getAppContext(args.context).database) : null };
}

export default function IndustriesFields({ loaderData }: Route.ComponentProps) {
  return <IndustriesFieldsPage report={loaderData.report} />;
}
