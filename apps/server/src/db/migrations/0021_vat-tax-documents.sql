CREATE TABLE "tax_document_counters" (
	"issuer" text NOT NULL,
	"series" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"kind" text NOT NULL,
	"form" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"corrects_id" integer,
	"currency" text NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_sequence_positive" CHECK ("tax_documents"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_category" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_trn" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "buyer_company" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "buyer_trn" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_document_counters_key" ON "tax_document_counters" USING btree ("issuer","series");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_issuer_number_key" ON "tax_documents" USING btree ("issuer","kind","sequence");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_per_order" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';