import { cn } from "~/lib/cn.ts";
import { MEDIA_PATH, safeImageSrc } from "~/lib/web-url.ts";
import { monogramFor } from "./monogram.ts";

/**
 * Box sizes in pixels (width and height attributes keep the layout still while a real logo loads), and the monogram's
 * letters at 26/64 of the box (30/64 for a single letter), as the earlier drawing had them.
 */
const SIZES = {
  xs: { box: "size-9 rounded-lg", px: 36, letters: ["text-[14.6px]", "text-[16.9px]"] },
  sm: { box: "size-10 rounded-lg", px: 40, letters: ["text-[16.25px]", "text-[18.75px]"] },
  md: { box: "size-12 rounded-lg", px: 48, letters: ["text-[19.5px]", "text-[22.5px]"] },
  lg: { box: "size-16 rounded-xl sm:size-20", px: 80, letters: ["text-[26px] sm:text-[32.5px]", "text-[30px] sm:text-[37.5px]"] },
} as const;

export type LogoSize = keyof typeof SIZES;

/**
 * A listing's logo: the real one when we keep it (uploaded, or copied by an import), otherwise its monogram. The monogram is
 * drawn inline (one element of about 150 bytes; no request, nothing in the route data: it is worked out from the
 * name and slug the page already has), so it paints with the HTML (decision 0038). Decorative: the name is always
 * beside it.
 */
export function ListingLogo({
  name,
  slug,
  logo,
  size = "md",
  className,
  lazy = false,
}: {
  name: string;
  slug: string;
  logo: string | null;
  size?: LogoSize;
  className?: string;
  /** Below the fold (cards further down a list): let the browser fetch a real logo when it comes into view. */
  lazy?: boolean;
}) {
  const { box, px } = SIZES[size];
  // Only our own stored files (/media/{id}, decision 0092): an address elsewhere is a hot link, which breaks when its
  // host moves the file (a broken-image icon) and tells that host who reads our pages; imports copy logos instead.
  const candidate = safeImageSrc(logo?.trim());
  const real = candidate && MEDIA_PATH.test(candidate) ? candidate : undefined;
  if (real) {
    return (
      <img
        src={real}
        alt=""
        width={px}
        height={px}
        loading={lazy ? "lazy" : undefined}
        decoding="async"
        referrerPolicy="no-referrer"
        data-logo="real"
        className={cn("shrink-0 border border-border bg-surface object-contain", box, className)}
      />
    );
  }
  const { initials, background, corner } = monogramFor(name, slug);
  // One element, its disc a gradient (app.css .monogram): an inline SVG was five elements and some 640 bytes, on each
  // of 25 cards of every directory page (issue 33).
  return (
    <span
      aria-hidden="true"
      data-logo="monogram"
      data-corner={corner}
      className={cn("monogram", box, SIZES[size].letters[initials.length > 1 ? 0 : 1], className)}
      style={{ backgroundColor: background }}
    >
      {initials}
    </span>
  );
}
