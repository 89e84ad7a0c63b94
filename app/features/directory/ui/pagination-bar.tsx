import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn.ts";
import { pageStrip } from "../page-strip.ts";
import type { Pagination } from "../directory-result.ts";

const itemClass = "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm";

/**
 * Page links carry the whole directory state in the URL, so they work without JavaScript and can be shared.
 * Previous and next are disabled at the ends and, like the whole strip, while a page is loading.
 */
export function PaginationBar({
  pagination,
  hrefFor,
  loading,
  pageSizeForm,
}: {
  pagination: Pagination;
  hrefFor: (page: number) => string;
  loading: boolean;
  pageSizeForm: React.ReactNode;
}) {
  const { currentPage, totalPages, hasNextPage, hasPreviousPage } = pagination;
  const disabledLink = (label: string, icon: React.ReactNode) => (
    <span className={cn(itemClass, "cursor-not-allowed text-fg-muted opacity-50")} aria-disabled="true">
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
  return (
    <nav
      aria-label="Pagination"
      className={cn("mt-8 flex flex-col items-center justify-between gap-4 sm:flex-row", loading && "pointer-events-none opacity-60")}
      inert={loading}
    >
      <div className="flex flex-wrap items-center gap-1">
        {hasPreviousPage && !loading ? (
          <Link to={hrefFor(currentPage - 1)} className={cn(itemClass, "hover:bg-surface-muted")} rel="prev">
            <ChevronLeft className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </Link>
        ) : (
          disabledLink("Previous", <ChevronLeft className="size-4" aria-hidden="true" />)
        )}
        {pageStrip(currentPage, totalPages).map((item, i) =>
          item === "ellipsis" ? (
            <span key={`gap-${i}`} className={cn(itemClass, "text-fg-muted")} aria-hidden="true">
              …
            </span>
          ) : (
            <Link
              key={item}
              to={hrefFor(item)}
              aria-current={item === currentPage ? "page" : undefined}
              aria-label={`Page ${item}`}
              className={cn(itemClass, item === currentPage ? "bg-accent font-semibold text-accent-fg" : "hover:bg-surface-muted")}
            >
              {item}
            </Link>
          ),
        )}
        {hasNextPage && !loading ? (
          <Link to={hrefFor(currentPage + 1)} className={cn(itemClass, "hover:bg-surface-muted")} rel="next">
            <span className="sr-only sm:not-sr-only">Next</span>
            <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        ) : (
          disabledLink("Next", <ChevronRight className="size-4" aria-hidden="true" />)
        )}
      </div>
      {pageSizeForm}
    </nav>
  );
}
