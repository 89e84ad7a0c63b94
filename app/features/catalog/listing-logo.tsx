import { cn } from "~/lib/cn.ts";
import { MEDIA_PATH, safeImageSrc } from "~/lib/web-url.ts";
import { monogramFor } from "./monogram.ts";

/** Box sizes in pixels (width and height attributes keep the layout still while a real logo loads). */
const SIZES = {
  xs: { box: "size-9 rounded-lg", px: 36 },
  sm: { box: "size-10 rounded-lg", px: 40 },
  md: { box: "size-12 rounded-lg", px: 48 },
  lg: { box: "size-16 rounded-xl sm:size-20", px: 80 },
} as const;

export type LogoSize = keyof typeof SIZES;

/** Disc centres per corner (top left, top right, bottom right, bottom left) in the 64-unit view box. */
const DISC = [
  [6, 6],
  [58, 6],
  [58, 58],
  [6, 58],
] as const;

/**
 * A listing's logo: the real one when we keep it (uploaded, or copied by an import), otherwise its monogram. The monogram is
 * drawn inline (about 430 bytes, a few dozen once gzipped; no request, nothing in the route data: it is worked out
 * from the name and slug the page already has), so it paints with the HTML (decision 0038). Decorative: the name is
 * always beside it.
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
  const [cx, cy] = DISC[corner];
  return (
    <svg
      viewBox="0 0 64 64"
      width={px}
      height={px}
      aria-hidden="true"
      focusable="false"
      data-logo="monogram"
      className={cn("shrink-0 overflow-hidden", box, className)}
    >
      <rect width="64" height="64" fill={background} />
      <circle cx={cx} cy={cy} r="30" fill="#fff" fillOpacity="0.14" />
      <text
        x="32"
        y="33"
        dominantBaseline="central"
        textAnchor="middle"
        fill="#fff"
        fontSize={initials.length > 1 ? 26 : 30}
        fontWeight="600"
        letterSpacing="0.5"
      >
        {initials}
      </text>
    </svg>
  );
}
