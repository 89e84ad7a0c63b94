import { useRouteLoaderData } from "react-router";
import { serializeJsonLd, type JsonLdNode } from "./json-ld.ts";

/** What the root loader shares with every page: the CSP nonce and the public origin. */
function useRootData(): { nonce?: string; origin?: string } {
  return (useRouteLoaderData("root") as { nonce?: string; origin?: string } | undefined) ?? {};
}

/** The public origin (PUBLIC_URL), for absolute URLs in structured data. */
export function useSiteOrigin(): string | undefined {
  return useRootData().origin;
}

/**
 * One `<script type="application/ld+json">` per node. A data block is not run, so the Content-Security-Policy does
 * not apply to it; it carries the nonce anyway, so a stricter policy later cannot drop it. Browsers hide a nonce
 * after parsing, hence no hydration warning for it.
 */
export function JsonLd({ data }: { data: readonly JsonLdNode[] }) {
  const { nonce } = useRootData();
  return (
    <>
      {data.map((node, i) => (
        <script
          key={`${String(node["@type"])}-${i}`}
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(node) }}
        />
      ))}
    </>
  );
}
