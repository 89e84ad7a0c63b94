import type { Route } from "./+types/terms";
import { TermsPage } from "~/features/legal/terms-page.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originOf(matches),
    path: "/terms",
    title: "Terms of Service",
    description:
      "The terms for using Introbase: accounts, plans, introductions, exports, what you may and may not do, and our responsibilities.",
  });
}

export default function Terms() {
  return <TermsPage />;
}
