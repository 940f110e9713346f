CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"minimum_cents" bigint NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" in ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_iban" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_account_holder" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_account_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payouts_vendor_idx" ON "payouts" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_per_vendor_per_batch" ON "payouts" USING btree ("batch_id","vendor_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_vendor_kind_idx" ON "ledger_entries" USING btree ("vendor_id","kind","created_at");