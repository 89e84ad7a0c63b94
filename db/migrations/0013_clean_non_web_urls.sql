-- Issue 14 finding 8 (decision 0033): web addresses are http(s) only. Stored values that are not are cleaned: one
-- with http:// or https:// is kept (trimmed); a bare domain ("example.com/about") gets https:// in front, as every
-- entry now does; logos and photos may also be our own stored files (/media/{id}); anything else (javascript:,
-- data:, vbscript:, mailto:, a stray word) becomes NULL, or '' in the two columns that may not be NULL. A listing
-- whose website or LinkedIn changed has its duplicate-match columns worked out again (match_key NULL).
-- Self-contained and idempotent: a second run changes nothing.
UPDATE "listings" SET "logo_url" = CASE
    WHEN btrim("logo_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("logo_url")
    WHEN btrim("logo_url") ~ '^/media/[A-Za-z0-9_-]+$' THEN btrim("logo_url")
    WHEN btrim("logo_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("logo_url")
    ELSE NULL END
  WHERE "logo_url" IS NOT NULL AND "logo_url" <> '' AND "logo_url" !~* '^https?://[^[:space:][:cntrl:]]+$' AND "logo_url" !~ '^/media/[A-Za-z0-9_-]+$';
--> statement-breakpoint
UPDATE "listings" SET "website_url" = CASE
    WHEN btrim("website_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("website_url")
    WHEN btrim("website_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("website_url")
    ELSE NULL END, "match_key" = NULL
  WHERE "website_url" IS NOT NULL AND "website_url" <> '' AND "website_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "listings" SET "linkedin_url" = CASE
    WHEN btrim("linkedin_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("linkedin_url")
    WHEN btrim("linkedin_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("linkedin_url")
    ELSE NULL END, "match_key" = NULL
  WHERE "linkedin_url" IS NOT NULL AND "linkedin_url" <> '' AND "linkedin_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "listings" SET "twitter_url" = CASE
    WHEN btrim("twitter_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("twitter_url")
    WHEN btrim("twitter_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("twitter_url")
    ELSE NULL END
  WHERE "twitter_url" IS NOT NULL AND "twitter_url" <> '' AND "twitter_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "listings" SET "facebook_url" = CASE
    WHEN btrim("facebook_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("facebook_url")
    WHEN btrim("facebook_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("facebook_url")
    ELSE NULL END
  WHERE "facebook_url" IS NOT NULL AND "facebook_url" <> '' AND "facebook_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "team_members" SET "photo_url" = CASE
    WHEN btrim("photo_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("photo_url")
    WHEN btrim("photo_url") ~ '^/media/[A-Za-z0-9_-]+$' THEN btrim("photo_url")
    WHEN btrim("photo_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("photo_url")
    ELSE NULL END
  WHERE "photo_url" IS NOT NULL AND "photo_url" <> '' AND "photo_url" !~* '^https?://[^[:space:][:cntrl:]]+$' AND "photo_url" !~ '^/media/[A-Za-z0-9_-]+$';
--> statement-breakpoint
UPDATE "team_members" SET "linkedin_url" = CASE
    WHEN btrim("linkedin_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("linkedin_url")
    WHEN btrim("linkedin_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("linkedin_url")
    ELSE NULL END
  WHERE "linkedin_url" IS NOT NULL AND "linkedin_url" <> '' AND "linkedin_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "funding_rounds" SET "announcement_url" = CASE
    WHEN btrim("announcement_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("announcement_url")
    WHEN btrim("announcement_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("announcement_url")
    ELSE NULL END
  WHERE "announcement_url" IS NOT NULL AND "announcement_url" <> '' AND "announcement_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "feature_applications" SET "website_url" = CASE
    WHEN btrim("website_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("website_url")
    WHEN btrim("website_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("website_url")
    ELSE '' END
  WHERE "website_url" <> '' AND "website_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "feature_applications" SET "linkedin_url" = CASE
    WHEN btrim("linkedin_url") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("linkedin_url")
    WHEN btrim("linkedin_url") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("linkedin_url")
    ELSE NULL END
  WHERE "linkedin_url" IS NOT NULL AND "linkedin_url" <> '' AND "linkedin_url" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "pilot_applications" SET "website" = CASE
    WHEN btrim("website") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("website")
    WHEN btrim("website") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("website")
    ELSE '' END
  WHERE "website" <> '' AND "website" !~* '^https?://[^[:space:][:cntrl:]]+$';
--> statement-breakpoint
UPDATE "users" SET "image" = CASE
    WHEN btrim("image") ~* '^https?://[^[:space:][:cntrl:]]+$' THEN btrim("image")
    WHEN btrim("image") ~* '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,63}(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$' THEN 'https://' || btrim("image")
    ELSE NULL END
  WHERE "image" IS NOT NULL AND "image" <> '' AND "image" !~* '^https?://[^[:space:][:cntrl:]]+$';
