import type { Route } from "./+types/debug.industries-fields";
import { FieldValidation } from "~/features/taxonomy/field-validation.tsx";
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
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Industries field validation</h1>
      <p className="mt-2 max-w-prose text-sm text-fg-muted">
        The industries migration needs six fields in the industries table, and uses two more when they are there. Check them before{" "}
        <a className="text-accent underline underline-offset-2" href="/debug/industries-migration">
          running the migration
        </a>
        .
      </p>
      <FieldValidation initial={loaderData.report} />
    </div>
  );
}
