import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";

/**
 * Every path matches in the spelling written here only (decision 0069): React Router's default matched "/API/debug/x"
 * too, while the guards before it (API keys, CSRF, the admin guard) compared the spelling. server/route-rules.ts
 * sends a read of another spelling to this one.
 */
const caseSensitive = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.map((entry) => ({ ...entry, caseSensitive: true, ...(entry.children ? { children: caseSensitive(entry.children) } : {}) }));

// One line per route of spec 01 §2 and spec 02 §2, aliases included, plus our own.
export default caseSensitive([
  // JSON API (resource routes)
  route("api/listings", "routes/api.listings.ts"),
  route("api/listings/export.csv", "routes/api.listings.export.ts"),
  route("api/listings/plain-words", "routes/api.listings.plain-words.ts"),
  route("api/listings/:type/:slug", "routes/api.listing.ts"),
  route("api/listings/:type/:slug/matches", "routes/api.listing-matches.ts"),
  route("api/listings/:type/:slug/summary", "routes/api.listing.summary.ts"),
  route("api/listings/:type/:slug/intro-message", "routes/api.listing.intro-message.ts"),
  route("api/reference", "routes/api.reference.ts"),
  route("api/openapi.json", "routes/api.openapi.ts"),
  route("media/:id", "routes/media.ts"),
  // Social preview cards (decision 0072): the site's, and one per listing, its version in the address.
  route("og/site/:file", "routes/social-card-site.ts"),
  route("og/:type/:slug/:file", "routes/social-card.ts"),
  // Search engines (issue 6 §6).
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("sitemaps/:name", "routes/sitemap.ts"),
  // Accounts (spec 01 §7): our calls first; everything else under /api/auth is Better Auth's.
  route("api/auth/me", "routes/api.auth.me.ts"),
  route("api/auth/signin", "routes/api.auth.signin.ts"),
  route("api/auth/signout", "routes/api.auth.signout.ts"),
  route("api/auth/session", "routes/api.auth.session.ts"),
  route("api/auth/csrf", "routes/api.auth.csrf.ts"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("api/billing/choose-plan", "routes/api.billing.choose-plan.ts"),
  // The payment provider's webhooks (decision 0079): signed, not a browser's, so no session and no origin check apply.
  route("api/billing/webhook", "routes/api.billing.webhook.ts"),
  route("api/proof-of-work", "routes/api.proof-of-work.ts"),
  route("api/intro-requests", "routes/api.intro-requests.ts"),
  route("api/intro-requests/sign-up", "routes/api.intro-requests.sign-up.ts"),
  route("api/intro-requests/sign-in", "routes/api.intro-requests.sign-in.ts"),
  route("api/intro-requests/eligibility", "routes/api.intro-requests.eligibility.ts"),
  // Operator endpoints: every loader and action calls requireAdmin (DESIGN D7).
  route("api/debug/whoami", "routes/api.debug.whoami.ts"),
  route("api/debug/validate-industries-fields", "routes/api.debug.validate-industries-fields.ts"),
  route("api/debug/industries-migration", "routes/api.debug.industries-migration.ts"),
  route("api/debug/crawler-report", "routes/api.debug.crawler-report.ts"),
  route("api/admin/cleanup-duplicates", "routes/api.admin.cleanup-duplicates.ts"),
  route("api/admin/merge-manual-duplicate", "routes/api.admin.merge-manual-duplicate.ts"),
  route("api/admin/undo-merge", "routes/api.admin.undo-merge.ts"),
  route("api/admin/get-company", "routes/api.admin.get-company.ts"),
  route("api/admin/audit-log", "routes/api.admin.audit-log.ts"),
  route("api/admin/duplicate-scans", "routes/api.admin.duplicate-scans.ts"),
  route("api/admin/jobs/:id", "routes/api.admin.jobs.ts"),
  route("api/duplicate-reports", "routes/api.duplicate-reports.ts"),
  route("api/follows", "routes/api.follows.ts"),
  route("api/follows/:listingId", "routes/api.follows.$listingId.ts"),
  route("api/leads-on-trees", "routes/api.leads-on-trees.ts"),
  // Issue 37 (decision 0121): lists and their entries, under a session or an API key (a member's or a team's).
  route("api/lists", "routes/api.lists.ts"),
  route("api/lists/:id", "routes/api.lists.item.ts"),
  route("api/lists/:id/entries", "routes/api.lists.entries.ts"),
  route("api/lists/:id/entries/:entryId", "routes/api.lists.entry.ts"),
  route("api/lists/:id/entries/:entryId/notes", "routes/api.lists.entry-notes.ts"),
  route("api/lists/:id/entries/:entryId/tags", "routes/api.lists.entry-tags.ts"),
  route("api/lists/:id/entries/:entryId/tags/:tag", "routes/api.lists.entry-tag.ts"),
  route("api/saved-searches", "routes/api.saved-searches.ts"),
  route("api/saved-searches/:id", "routes/api.saved-searches.item.ts"),
  route("api/saved-searches/:id/new", "routes/api.saved-searches.new.ts"),
  // Leaving (decision 0077): the member's data as a file, answered to the settings page's POST.
  route("settings/my-data", "routes/settings.my-data.ts"),
  // Issue 37 (decision 0121): a list as a CSV download, within the plan's export quota.
  route("lists/:listId/export.csv", "routes/lists.export.ts"),
  // Teams (issue 37, decision 0118): the user menu's working-team switcher posts here.
  route("teams/working-team", "routes/teams.working-team.ts"),

  layout("routes/site-layout.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("service-landing-2", "routes/home.tsx", { id: "home-alias" }),
    route("listings", "routes/directory.tsx", { id: "directory" }),
    route("directory", "routes/directory.tsx", { id: "directory-alias" }),
    route("listing-landing-3", "routes/directory.tsx", { id: "directory-landing-alias" }),
    route("service-landing-1", "routes/marketing-landing.tsx"),
    route("pilot", "routes/pilot.tsx"),
    route("profile/:type/:slug", "routes/profile.tsx"),
    // Claiming a listing (issue 36, decision 0114): the claim page, the link of its e-mail, a colleague's invitation.
    route("profile/:type/:slug/claim", "routes/profile.claim.tsx"),
    route("claim-listing", "routes/claim-listing.tsx"),
    route("owner-invitation", "routes/owner-invitation.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("sign-in", "routes/sign-in.tsx"),
    // Password accounts (decision 0076).
    route("sign-up", "routes/sign-up.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("confirm-email-change", "routes/confirm-email-change.tsx"),
    route("settings", "routes/settings.tsx"),
    route("settings/delete-account", "routes/settings.delete-account.tsx"),
    route("account-deleted", "routes/account-deleted.tsx"),
    route("settings/billing", "routes/settings.billing.tsx"),
    route("developers", "routes/developers.tsx"),
    route("following", "routes/following.tsx"),
    // Lists (issue 37, decision 0120): each loader and action calls requireList (404 for a list not the member's).
    route("lists", "routes/lists.tsx"),
    route("lists/add", "routes/lists.add.tsx"),
    route("lists/:listId", "routes/lists.detail.tsx"),
    route("lists/:listId/entries/:entryId", "routes/lists.entry.tsx"),
    // Owners of listings (issue 36, decision 0114): each child route checks ownership itself.
    route("my-listings", "routes/my-listings.tsx"),
    route("my-listings/:listingId", "routes/my-listings.listing.tsx", [
      index("routes/my-listings.overview.tsx"),
      route("edit", "routes/my-listings.edit.tsx"), // decision 0115
      route("inbox", "routes/my-listings.inbox.tsx"), // decision 0116
      route("insights", "routes/my-listings.insights.tsx"), // decision 0117
      route("owners", "routes/my-listings.owners.tsx"), // decision 0114
    ]),
    // Teams (issue 37, decision 0118): each child route checks membership itself.
    route("teams", "routes/teams.tsx"),
    route("teams/:teamId", "routes/teams.team.tsx", [
      index("routes/teams.members.tsx"),
      route("invitations", "routes/teams.invitations.tsx"),
      route("settings", "routes/teams.settings.tsx"),
      route("billing", "routes/teams.billing.tsx"), // seats and billing, decision 0119
    ]),
    route("team-invitation", "routes/team-invitation.tsx"),
    route("get-featured/:type", "routes/get-featured.tsx"),
    route("introductions/respond/:token", "routes/introductions.respond.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    route("saved-searches", "routes/saved-searches.tsx"),
    route("saved-searches/:id", "routes/saved-searches.open.tsx"),
    route("unsubscribe/:token", "routes/unsubscribe.tsx"),
    route("unsubscribe-summary/:token", "routes/unsubscribe-summary.tsx"),
    // Operator pages, admins only.
    route("admin", "routes/admin.dashboard.tsx"),
    route("admin/audit-log", "routes/admin.audit-log.tsx"),
    route("admin/listings", "routes/admin.listings.tsx"),
    route("admin/listings/new", "routes/admin.listings.new.tsx"),
    route("admin/listings/:id", "routes/admin.listings.edit.tsx"),
    route("admin/listings/:id/owners", "routes/admin.listings.owners.tsx"),
    route("admin/claims", "routes/admin.claims.tsx"),
    route("admin/reference", "routes/admin.reference.tsx"),
    route("admin/reference/:list", "routes/admin.reference.list.tsx"),
    route("admin/tiers", "routes/admin.tiers.tsx"),
    // Owners' proposed changes (decision 0115): the queue with the at-once field rules, and one change's diff.
    route("admin/listing-changes", "routes/admin.listing-changes.tsx"),
    route("admin/listing-changes/:id", "routes/admin.listing-changes.detail.tsx"),
    // Members for operators (decision 0081): find, grant, refund, disable.
    route("admin/members", "routes/admin.members.tsx"),
    route("admin/members/:id", "routes/admin.members.detail.tsx"),
    route("admin/duplicate-management", "routes/admin.duplicate-management.tsx"),
    // The merge confirmation (decision 0091): the page without JavaScript, the dialog's content with it.
    route("admin/duplicate-management/merge", "routes/admin.duplicate-management.merge.tsx"),
    route("admin/imports", "routes/admin.imports.tsx"),
    route("admin/outbox", "routes/admin.outbox.tsx"),
    route("admin/system", "routes/admin.system.tsx"),
    route("admin/digests", "routes/admin.digests.tsx"),
    route("admin/intros", "routes/admin.intros.tsx"),
    route("admin/applications", "routes/admin.applications.tsx"),
    route("admin/applications/:id", "routes/admin.applications.detail.tsx"),
    route("admin/pilot-applications", "routes/admin.pilot-applications.tsx"),
    // Internal test pages (spec 01 §2), admins only.
    route("debug/access-control", "routes/debug.access-control.tsx"),
    route("debug/company-access", "routes/debug.company-access.tsx"),
    route("debug/duplicate-detection", "routes/debug.duplicate-detection.tsx"),
    route("debug/industries-migration", "routes/debug.industries-migration.tsx"),
    route("debug/industries-fields", "routes/debug.industries-fields.tsx"),
    route("debug/airtable", "routes/debug.airtable.tsx"),
    route("debug/leads-on-trees", "routes/debug.leads-on-trees.tsx"),
    route("seo-test", "routes/crawler-test.tsx", { id: "seo-test" }),
    route("debug/crawler-test", "routes/crawler-test.tsx", { id: "crawler-test" }),
    route("*", "routes/not-found.tsx"),
  ]),
]) satisfies RouteConfig;
