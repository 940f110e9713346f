CREATE TABLE "agent_carts" (
	"id" text PRIMARY KEY NOT NULL,
	"agent" text NOT NULL,
	"lines" jsonb NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"agent" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lines" jsonb NOT NULL,
	"buyer" jsonb,
	"address" jsonb,
	"payment_handler" text,
	"order_id" integer,
	"order_number" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_carts_idempotency_key" ON "agent_carts" USING btree ("agent","idempotency_key");--> statement-breakpoint
CREATE INDEX "agent_carts_created_idx" ON "agent_carts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_checkouts_idempotency_key" ON "agent_checkouts" USING btree ("agent","idempotency_key");--> statement-breakpoint
CREATE INDEX "agent_checkouts_created_idx" ON "agent_checkouts" USING btree ("created_at");