DROP INDEX "promotion_redemptions_order_key";--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_order_key" ON "promotion_redemptions" USING btree ("order_id","promotion_id");