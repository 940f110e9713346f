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
ALTER TABLE "reconciliation_bank_lines" ADD CONSTRAINT "reconciliation_bank_lines_statement_id_reconciliation_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."reconciliation_bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_bank_statements" ADD CONSTRAINT "reconciliation_bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_bank_lines_line_key" ON "reconciliation_bank_lines" USING btree ("statement_id","line_no");--> statement-breakpoint
CREATE INDEX "reconciliation_bank_lines_payout_idx" ON "reconciliation_bank_lines" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_bank_statements_sha_key" ON "reconciliation_bank_statements" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");