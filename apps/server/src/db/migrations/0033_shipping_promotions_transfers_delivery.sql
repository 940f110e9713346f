CREATE TABLE "seller_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"transfers_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payout_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_transfer_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"provider_reversal_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"by" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_transfer_reversals_amount" CHECK ("seller_transfer_reversals"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"provider" text NOT NULL,
	"destination" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"funds_source" text,
	"provider_transfer_id" text,
	"status" text NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"reversal_refused_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_transfers_amounts" CHECK ("seller_transfers"."amount_cents" > 0 and "seller_transfers"."reversed_cents" >= 0 and "seller_transfers"."reversed_cents" <= "seller_transfers"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"event_id" text NOT NULL,
	"state" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reason" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"return_id" integer,
	"kind" text NOT NULL,
	"carrier" text NOT NULL,
	"mode" text NOT NULL,
	"waybill" text NOT NULL,
	"carrier_ref" text,
	"pickup_ref" text,
	"state" text DEFAULT 'booked' NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"state_at" timestamp with time zone,
	"label" jsonb NOT NULL,
	"carrier_label_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_return_has_return" CHECK (("shipments"."kind" = 'return') = ("shipments"."return_id" is not null))
);
--> statement-breakpoint
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
CREATE TABLE "public_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"estimated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"emirate" text NOT NULL,
	"area" text NOT NULL,
	"street" text NOT NULL,
	"flat" text DEFAULT '' NOT NULL,
	"landmark" text DEFAULT '' NOT NULL,
	"makani" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_addresses_pin_pair" CHECK (("shopper_addresses"."latitude" is null) = ("shopper_addresses"."longitude" is null))
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "handling_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "cutoff_time" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise_earliest" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise_latest" date;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfer_reversals" ADD CONSTRAINT "seller_transfer_reversals_transfer_id_seller_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."seller_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfers" ADD CONSTRAINT "seller_transfers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfers" ADD CONSTRAINT "seller_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfers" ADD CONSTRAINT "seller_transfers_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "shopper_addresses" ADD CONSTRAINT "shopper_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_accounts_vendor_key" ON "seller_accounts" USING btree ("vendor_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_accounts_account_key" ON "seller_accounts" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_transfer_reversals_key" ON "seller_transfer_reversals" USING btree ("provider_reversal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_transfers_key" ON "seller_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_transfers_provider_key" ON "seller_transfers" USING btree ("provider","provider_transfer_id");--> statement-breakpoint
CREATE INDEX "seller_transfers_vendor_idx" ON "seller_transfers" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "seller_transfers_order_idx" ON "seller_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_carrier_event_key" ON "shipment_events" USING btree ("carrier","event_id");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_carrier_waybill_key" ON "shipments" USING btree ("carrier","waybill");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_outbound_order_key" ON "shipments" USING btree ("order_id") WHERE "shipments"."kind" = 'outbound';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_return_key" ON "shipments" USING btree ("return_id") WHERE "shipments"."return_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("carrier","state");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_key" ON "promotion_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "promotion_codes_promotion_idx" ON "promotion_codes" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_products_product_idx" ON "promotion_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_order_key" ON "promotion_redemptions" USING btree ("promotion_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_code_live_key" ON "promotion_redemptions" USING btree ("code_id") WHERE "promotion_redemptions"."status" = 'live' and "promotion_redemptions"."counted";--> statement-breakpoint
CREATE INDEX "promotion_redemptions_promotion_idx" ON "promotion_redemptions" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_user_idx" ON "promotion_redemptions" USING btree ("user_id","promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree (upper("code")) WHERE "promotions"."code" is not null;--> statement-breakpoint
CREATE INDEX "promotions_owner_idx" ON "promotions" USING btree ("owner_vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "promotions_running_idx" ON "promotions" USING btree ("kind","status","ends_at");--> statement-breakpoint
CREATE INDEX "shopper_addresses_user_idx" ON "shopper_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopper_addresses_one_default" ON "shopper_addresses" USING btree ("user_id") WHERE "shopper_addresses"."is_default";