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
ALTER TABLE "vendors" ADD COLUMN "shipping_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "free_shipping_above_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_vendor_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_number_key" ON "purchases" USING btree ("purchase_number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_idempotency_key" ON "purchases" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "purchases_user_created_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
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
