CREATE TABLE "order_item_discounts" (
	"order_item_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"seller_cents" integer NOT NULL,
	"marketplace_cents" integer NOT NULL,
	CONSTRAINT "order_item_discounts_order_item_id_promotion_id_pk" PRIMARY KEY("order_item_id","promotion_id"),
	CONSTRAINT "order_item_discounts_split" CHECK ("order_item_discounts"."seller_cents" >= 0 and "order_item_discounts"."marketplace_cents" >= 0 and "order_item_discounts"."seller_cents" + "order_item_discounts"."marketplace_cents" = "order_item_discounts"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_products" (
	"promotion_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"vendor_id" integer,
	"opted_in" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_products_promotion_id_product_id_pk" PRIMARY KEY("promotion_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code_id" integer,
	"purchase_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"counted" boolean NOT NULL,
	"discount_cents" integer NOT NULL,
	"seller_cents" integer NOT NULL,
	"marketplace_cents" integer NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_redemptions_split" CHECK ("promotion_redemptions"."seller_cents" >= 0 and "promotion_redemptions"."marketplace_cents" >= 0 and "promotion_redemptions"."seller_cents" + "promotion_redemptions"."marketplace_cents" = "promotion_redemptions"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"percent_bps" integer,
	"amount_cents" integer,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"per_shopper_limit" integer,
	"total_limit" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"funder" text NOT NULL,
	"seller_percent" integer NOT NULL,
	"owner_vendor_id" integer,
	"one_time" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_one_value" CHECK (("promotions"."percent_bps" is null) <> ("promotions"."amount_cents" is null)),
	CONSTRAINT "promotions_percent_range" CHECK ("promotions"."percent_bps" is null or ("promotions"."percent_bps" between 1 and 10000)),
	CONSTRAINT "promotions_amount_positive" CHECK ("promotions"."amount_cents" is null or "promotions"."amount_cents" > 0),
	CONSTRAINT "promotions_dates" CHECK ("promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_limits" CHECK (coalesce("promotions"."per_shopper_limit", 1) > 0 and coalesce("promotions"."total_limit", 1) > 0 and "promotions"."min_spend_cents" >= 0),
	CONSTRAINT "promotions_funder_percent" CHECK (("promotions"."funder" = 'seller' and "promotions"."seller_percent" = 100) or ("promotions"."funder" = 'marketplace' and "promotions"."seller_percent" = 0)
      or ("promotions"."funder" = 'split' and "promotions"."seller_percent" between 1 and 99)),
	CONSTRAINT "promotions_seller_funds_own" CHECK ("promotions"."owner_vendor_id" is null or "promotions"."funder" = 'seller'),
	CONSTRAINT "promotions_coupon_code" CHECK (("promotions"."kind" = 'coupon') = ("promotions"."code" is not null or "promotions"."one_time")),
	CONSTRAINT "promotions_redeemed_within" CHECK ("promotions"."redeemed_count" >= 0 and ("promotions"."total_limit" is null or "promotions"."redeemed_count" <= "promotions"."total_limit"))
);
--> statement-breakpoint
ALTER TABLE "order_item_discounts" ADD CONSTRAINT "order_item_discounts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_discounts" ADD CONSTRAINT "order_item_discounts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_code_id_promotion_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_owner_vendor_id_vendors_id_fk" FOREIGN KEY ("owner_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_key" ON "promotion_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "promotion_codes_promotion_idx" ON "promotion_codes" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_products_product_idx" ON "promotion_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_order_key" ON "promotion_redemptions" USING btree ("promotion_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_code_live_key" ON "promotion_redemptions" USING btree ("code_id") WHERE "promotion_redemptions"."status" = 'live' and "promotion_redemptions"."counted";--> statement-breakpoint
CREATE INDEX "promotion_redemptions_promotion_idx" ON "promotion_redemptions" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_user_idx" ON "promotion_redemptions" USING btree ("user_id","promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree (upper("code")) WHERE "promotions"."code" is not null;--> statement-breakpoint
CREATE INDEX "promotions_owner_idx" ON "promotions" USING btree ("owner_vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "promotions_running_idx" ON "promotions" USING btree ("kind","status","ends_at");