ALTER TABLE "agent_checkouts" ADD COLUMN "discount_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_checkouts" ADD COLUMN "discounts_placed" jsonb;