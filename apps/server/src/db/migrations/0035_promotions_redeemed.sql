ALTER TABLE "orders" ADD COLUMN "promotion_paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "promotion_paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_promotion_cents" integer DEFAULT 0 NOT NULL;