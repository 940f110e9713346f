CREATE TABLE "bank_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"shopper_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"return_id" integer,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"iban" text NOT NULL,
	"account_holder" text NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"batch_id" integer,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	"settled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_refunds_amount_positive" CHECK ("bank_refunds"."amount_cents" > 0),
	CONSTRAINT "bank_refunds_status_known" CHECK ("bank_refunds"."status" in ('owed', 'sent', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "refund_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"withdrawn_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"lost_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_remittance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"remittance_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"expected_cents" bigint NOT NULL,
	"collected_cents" bigint NOT NULL,
	"collected_on" date NOT NULL,
	CONSTRAINT "cod_remittance_lines_amounts" CHECK ("cod_remittance_lines"."expected_cents" > 0 and "cod_remittance_lines"."collected_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer,
	"source" text NOT NULL,
	"content_hash" text NOT NULL,
	"expected_cents" bigint NOT NULL,
	"collected_cents" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"courier_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"remitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"token_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_bank_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"booked_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"payout_id" integer
);
--> statement-breakpoint
CREATE TABLE "reconciliation_bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"sha256" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"lines" integer NOT NULL,
	"imported_by" integer,
	"imported_by_name" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_bank_statements_period" CHECK ("reconciliation_bank_statements"."starts_on" <= "reconciliation_bank_statements"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_differences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"source" text NOT NULL,
	"cause" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"currency" text NOT NULL,
	"their_amount_cents" bigint,
	"their_fee_cents" bigint,
	"our_amount_cents" bigint,
	"our_fee_cents" bigint,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"status" text DEFAULT 'running' NOT NULL,
	"provider" text,
	"provider_status" text,
	"provider_error" text,
	"provider_items" integer DEFAULT 0 NOT NULL,
	"provider_totals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_totals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bank_status" text,
	"bank_lines" integer DEFAULT 0 NOT NULL,
	"bank_totals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_shopper_account";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_iban" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_account_holder" text;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_batch_id_refund_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."refund_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_batches" ADD CONSTRAINT "refund_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_shipments" ADD CONSTRAINT "cod_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_shipments" ADD CONSTRAINT "cod_shipments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_bank_lines" ADD CONSTRAINT "reconciliation_bank_lines_statement_id_reconciliation_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."reconciliation_bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_bank_statements" ADD CONSTRAINT "reconciliation_bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_refunds_shopper_idx" ON "bank_refunds" USING btree ("shopper_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_refunds_status_idx" ON "bank_refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bank_refunds_batch_idx" ON "bank_refunds" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_provider_key" ON "payment_disputes" USING btree ("provider","provider_dispute_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_attempt_idx" ON "payment_disputes" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_lines_order_key" ON "cod_remittance_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_remittance_idx" ON "cod_remittance_lines" USING btree ("remittance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_content_key" ON "cod_remittances" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "cod_shipments_courier_idx" ON "cod_shipments" USING btree ("courier_id");--> statement-breakpoint
CREATE INDEX "cod_shipments_refused_idx" ON "cod_shipments" USING btree ("order_id") WHERE "cod_shipments"."refused_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_code_key" ON "couriers" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_token_key" ON "couriers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_bank_lines_line_key" ON "reconciliation_bank_lines" USING btree ("statement_id","line_no");--> statement-breakpoint
CREATE INDEX "reconciliation_bank_lines_payout_idx" ON "reconciliation_bank_lines" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_bank_statements_sha_key" ON "reconciliation_bank_statements" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shopper_account" CHECK (("ledger_entries"."account" in ('shopper_store_credit', 'shopper_refunds_payable')) = ("ledger_entries"."shopper_id" is not null));