ALTER TABLE "order_items" ADD COLUMN "variant_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_inventory_nonnegative" CHECK ("product_variants"."inventory_quantity" >= 0);