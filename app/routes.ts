import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// One line per route of spec 01 §2 and spec 02 §2, aliases included, plus our own.
export default [
  // JSON API (resource routes)
  route("api/listings", "routes/api.listings.ts"),
  route("api/listings/export.csv", "routes/api.listings.export.ts"),
  route("api/listings/:type/:slug", "routes/api.listing.ts"),
  route("api/reference", "routes/api.reference.ts"),
  route("media/:id", "routes/media.ts"),
  // Accounts (spec 01 §7): our calls first; everything else under /api/auth is Better Auth's.
  route("api/auth/me", "routes/api.auth.me.ts"),
  route("api/auth/signin", "routes/api.auth.signin.ts"),
  route("api/auth/signout", "routes/api.auth.signout.ts"),
  route("api/auth/session", "routes/api.auth.session.ts"),
  route("api/auth/csrf", "routes/api.auth.csrf.ts"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("api/billing/choose-plan", "routes/api.billing.choose-plan.ts"),
  route("api/proof-of-work", "routes/api.proof-of-work.ts"),
  route("api/intro-requests", "routes/api.intro-requests.ts"),
  route("api/intro-requests/sign-up", "routes/api.intro-requests.sign-up.ts"),
  // Operator endpoints: every loader and action calls requireAdmin (DESIGN D7).
  route("api/debug/whoami", "routes/api.debug.whoami.ts"),
  route("api/admin/cleanup-duplicates", "routes/api.admin.cleanup-duplicates.ts"),
  route("api/admin/merge-manual-duplicate", "routes/api.admin.merge-manual-duplicate.ts"),
  route("api/admin/undo-merge", "routes/api.admin.undo-merge.ts"),
  route("api/admin/get-company", "routes/api.admin.get-company.ts"),
  route("api/admin/audit-log", "routes/api.admin.audit-log.ts"),

  layout("routes/site-layout.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("service-landing-2", "routes/home.tsx", { id: "home-alias" }),
    route("listings", "routes/directory.tsx", { id: "directory" }),
    route("directory", "routes/directory.tsx", { id: "directory-alias" }),
    route("listing-landing-3", "routes/directory.tsx", { id: "directory-landing-alias" }),
    route("service-landing-1", "routes/marketing-landing.tsx"),
    route("pilot", "routes/pilot.tsx"),
    route("profile/:type/:slug", "routes/profile.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("sign-in", "routes/sign-in.tsx"),
    route("settings", "routes/settings.tsx"),
    route("get-featured/:type", "routes/get-featured.tsx"),
    route("introductions/respond/:token", "routes/introductions.respond.tsx"),
    // Operator pages, admins only.
    route("admin/outbox", "routes/admin.outbox.tsx"),
    route("admin/intros", "routes/admin.intros.tsx"),
    route("admin/applications", "routes/admin.applications.tsx"),
    route("admin/applications/:id", "routes/admin.applications.detail.tsx"),
    route("admin/pilot-applications", "routes/admin.pilot-applications.tsx"),
    // Internal test pages (spec 01 §2), admins only.
    route("debug/access-control", "routes/debug.access-control.tsx"),
    route("debug/company-access", "routes/debug.company-access.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
