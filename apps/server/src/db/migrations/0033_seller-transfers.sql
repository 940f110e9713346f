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
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfer_reversals" ADD CONSTRAINT "seller_transfer_reversals_transfer_id_seller_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."seller_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfers" ADD CONSTRAINT "seller_transfers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfers" ADD CONSTRAINT "seller_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_transfers" ADD CONSTRAINT "seller_transfers_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_accounts_vendor_key" ON "seller_accounts" USING btree ("vendor_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_accounts_account_key" ON "seller_accounts" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_transfer_reversals_key" ON "seller_transfer_reversals" USING btree ("provider_reversal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_transfers_key" ON "seller_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_transfers_provider_key" ON "seller_transfers" USING btree ("provider","provider_transfer_id");--> statement-breakpoint
CREATE INDEX "seller_transfers_vendor_idx" ON "seller_transfers" USING btree ("vendor_id","id");--> statement-breakpoint
CREATE INDEX "seller_transfers_order_idx" ON "seller_transfers" USING btree ("order_id");