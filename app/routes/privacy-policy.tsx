import type { Route } from "./+types/privacy-policy";
import { PrivacyPolicyPage } from "~/features/legal/privacy-policy-page.tsx";
import { originOf, pageMeta } from "~/features/seo/meta-tags.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originOf(matches),
    path: "/privacy-policy",
    title: "Privacy Policy",
    description: "How Introbase collects, uses, shares and protects personal data, and the rights you have under the GDPR and the CCPA.",
  });
}

export default function PrivacyPolicy() {
  return <PrivacyPolicyPage />;
}
