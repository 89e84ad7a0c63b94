import { ExternalLink } from "lucide-react";
import { Card } from "~/components/ui/card.tsx";
import { NumberedSteps } from "~/components/ui/numbered-steps.tsx";

interface Tool {
  name: string;
  href: string;
  use: string;
}

/** External crawler-testing tools (spec 02 §2), grouped by what they answer. */
const CRAWLER_TOOLS: ReadonlyArray<{ title: string; tools: readonly Tool[] }> = [
  {
    title: "Search engine tools",
    tools: [
      {
        name: "Google Search Console: URL Inspection",
        href: "https://search.google.com/search-console",
        use: "Fetches a page as Googlebot and shows the HTML it received and whether it can be indexed.",
      },
      {
        name: "Google Rich Results Test",
        href: "https://search.google.com/test/rich-results",
        use: "Renders a page as Googlebot and lists the structured data it found, with errors.",
      },
      {
        name: "Bing Webmaster Tools",
        href: "https://www.bing.com/webmasters",
        use: "URL Inspection and sitemap submission for Bing.",
      },
    ],
  },
  {
    title: "Structured data and previews",
    tools: [
      {
        name: "Schema Markup Validator",
        href: "https://validator.schema.org/",
        use: "Checks JSON-LD against the schema.org vocabulary, for any type.",
      },
      {
        name: "PageSpeed Insights",
        href: "https://pagespeed.web.dev/",
        use: "Lighthouse's SEO audit: title, description, canonical, robots.txt, crawlable links.",
      },
      {
        name: "LinkedIn Post Inspector",
        href: "https://www.linkedin.com/post-inspector/",
        use: "Shows the preview our Open Graph tags make when a profile is shared.",
      },
    ],
  },
];

function guideSteps(origin: string): string[] {
  return [
    "Read the checklist above: every item should pass. A failing item names the page and what is wrong.",
    "Paste a sample profile's address into the Rich Results Test or the Schema Markup Validator: it should find Organization and BreadcrumbList, and a WebPage with isAccessibleForFree false when sections are gated.",
    "In Search Console, inspect the same address and choose Test Live URL, then View Tested Page: gated sections hold placeholders, exactly what an anonymous visitor gets.",
    `Submit ${origin}/sitemap.xml in Search Console and Bing Webmaster Tools, and watch the indexing reports: listings marked noindex stay out by design.`,
  ];
}

function ToolLink({ tool }: { tool: Tool }) {
  return (
    <li>
      <a
        href={tool.href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 font-medium text-accent hover:underline"
      >
        {tool.name}
        <ExternalLink className="size-3.5" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <p className="mt-0.5 text-sm text-fg-muted">{tool.use}</p>
    </li>
  );
}

/** The external tools and the four-step guide: static, shown while the data loads too. */
export function CrawlerResources({ origin }: { origin: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">External crawler-testing tools</h2>
        {CRAWLER_TOOLS.map((group) => (
          <section key={group.title} className="mt-4">
            <h3 className="text-sm font-semibold tracking-wide text-fg-muted uppercase">{group.title}</h3>
            <ul className="mt-2 flex flex-col gap-3">
              {group.tools.map((tool) => (
                <ToolLink key={tool.name} tool={tool} />
              ))}
            </ul>
          </section>
        ))}
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold">How to test</h2>
        <NumberedSteps steps={guideSteps(origin)} className="mt-4 gap-4" itemClassName="text-sm" />
      </Card>
    </div>
  );
}
