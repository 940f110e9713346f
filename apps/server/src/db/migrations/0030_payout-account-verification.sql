ALTER TABLE "vendors" ADD COLUMN "payout_account_state" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_payable_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_verified_by" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "payout_failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_code" text;--> statement-breakpoint
-- accounts saved before verification existed were never checked by anyone (decision 0125): an admin verifies them once
UPDATE "vendors" SET "payout_account_state" = 'pending_verification', "payout_payable_from" = now() WHERE "payout_iban" IS NOT NULL;
