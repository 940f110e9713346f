CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer,
	"failure_code" text,
	"failure_message" text,
	"access_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sale_posted_at" timestamp with time zone,
	"cash_posted_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_amounts" CHECK ("payment_attempts"."amount_cents" > 0 and "payment_attempts"."captured_cents" >= 0 and "payment_attempts"."captured_cents" <= "payment_attempts"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "released_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- every sub-order placed before card payments was its seller's from the moment it was placed
UPDATE "orders" SET "released_at" = "created_at";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_payment_key" ON "payment_attempts" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_purchase_idx" ON "payment_attempts" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("expires_at") WHERE "payment_attempts"."sale_posted_at" is null and "payment_attempts"."expired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_key" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_key" ON "payment_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_attempt_idx" ON "payment_refunds" USING btree ("attempt_id");