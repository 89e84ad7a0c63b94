import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SearchSuggestionNotice } from "./query-notices.tsx";

const render = (element: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

describe("SearchSuggestionNotice (decision 0082)", () => {
  it("links a search that found nothing to a respelling that finds something", () => {
    const html = render(
      <SearchSuggestionNotice
        suggestion={{ searchQuery: "brickwise", reason: "spelling", totalRecords: 1 }}
        href="/listings?searchQuery=brickwise"
      />,
    );
    expect(html).toContain("Did you mean ");
    expect(html).toContain('href="/listings?searchQuery=brickwise"');
    expect(html).toContain(">brickwise</a> (1 listing)?");
  });

  it("offers the search with a word left out, and nothing when there is no suggestion", () => {
    const html = render(
      <SearchSuggestionNotice
        suggestion={{ searchQuery: "solar farms", reason: "fewer-words", totalRecords: 12 }}
        href="/listings?searchQuery=solar+farms"
      />,
    );
    expect(html).toContain("Nothing matches every word. Try ");
    expect(html).toContain("(12 listings)?");
    expect(render(<SearchSuggestionNotice suggestion={undefined} href="/listings" />)).toBe("");
  });
});
