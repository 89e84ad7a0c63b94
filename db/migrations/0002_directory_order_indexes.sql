DROP INDEX "listings_type_order_idx";--> statement-breakpoint
DROP INDEX "listings_order_idx";--> statement-breakpoint
CREATE INDEX "listings_directory_order_idx" ON "listings" USING btree ("featured" DESC NULLS LAST,"name","id") WHERE "listings"."processing_status" = 'published';--> statement-breakpoint
CREATE INDEX "listings_directory_type_order_idx" ON "listings" USING btree ("type","featured" DESC NULLS LAST,"name","id") WHERE "listings"."processing_status" = 'published';