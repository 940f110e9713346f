CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_number" text NOT NULL,
	"user_id" integer,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"payment_method" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_amounts_nonnegative" CHECK ("purchases"."total_cents" >= 0 and "purchases"."subtotal_cents" >= 0 and "purchases"."shipping_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"rate_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_bps_range" CHECK ("commission_rates"."rate_bps" between 0 and 10000),
	CONSTRAINT "commission_rates_key_shape" CHECK ("commission_rates"."key" = 'default' or "commission_rates"."key" ~ '^(category:.+|vendor:[0-9]+)$')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting" text NOT NULL,
	"account" text NOT NULL,
	"vendor_id" integer,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"purchase_id" integer,
	"order_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_vendor_account" CHECK (("ledger_entries"."account" = 'vendor_payable') = ("ledger_entries"."vendor_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "shipping_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "free_shipping_above_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_vendor_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_number_key" ON "purchases" USING btree ("purchase_number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_idempotency_key" ON "purchases" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "purchases_user_created_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_vendor_idx" ON "ledger_entries" USING btree ("account","vendor_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_vendor_id_vendors_id_fk" FOREIGN KEY ("seller_vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_purchase_idx" ON "orders" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_vendor_id","created_at");--> statement-breakpoint
-- Orders placed before decision 0086 become purchases of one sub-order each, under the same number; a legacy order
-- whose lines all have one seller is that seller's sub-order, a mixed one stays the marketplace's (an admin runs it).
INSERT INTO "purchases" ("purchase_number", "user_id", "customer_name", "customer_email", "customer_phone", "shipping_address",
  "billing_address", "payment_method", "currency", "subtotal_cents", "shipping_cents", "tax_cents", "total_cents", "notes",
  "idempotency_key", "request_hash", "created_at")
SELECT "order_number", "user_id", "customer_name", "customer_email", "customer_phone", "shipping_address", "billing_address",
  "payment_method", "currency", "subtotal_cents", "shipping_cents", "tax_cents", "total_cents", "notes", "idempotency_key",
  "request_hash", "created_at"
FROM "orders" WHERE "purchase_id" IS NULL;
--> statement-breakpoint
UPDATE "orders" o SET "purchase_id" = p."id" FROM "purchases" p WHERE p."purchase_number" = o."order_number" AND o."purchase_id" IS NULL;
--> statement-breakpoint
UPDATE "orders" o SET "seller_vendor_id" = s."vendor_id"
FROM (SELECT "order_id", min("vendor_id") AS "vendor_id" FROM "order_items" GROUP BY "order_id"
      HAVING count(DISTINCT coalesce("vendor_id", 0)) = 1) s
WHERE s."order_id" = o."id";
