CREATE TABLE "agent_idempotency" (
	"agent" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_idempotency_agent_key_pk" PRIMARY KEY("agent","key")
);
--> statement-breakpoint
CREATE TABLE "agent_identities" (
	"agent" text PRIMARY KEY NOT NULL,
	"profile_url" text,
	"signed" boolean DEFAULT false NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent" text NOT NULL,
	"url" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"purchase_id" integer NOT NULL,
	"checkout_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_checkouts" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "agent_checkouts" ADD COLUMN "profile_url" text;--> statement-breakpoint
CREATE INDEX "agent_idempotency_created_idx" ON "agent_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agent_identities_last_seen_idx" ON "agent_identities" USING btree ("last_seen");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_webhook_deliveries_event" ON "agent_webhook_deliveries" USING btree ("agent","event_id");--> statement-breakpoint
CREATE INDEX "agent_webhook_deliveries_due_idx" ON "agent_webhook_deliveries" USING btree ("next_attempt_at");--> statement-breakpoint
-- agents are known by their profile's origin or their OAuth client (decision 0130), no longer by the profile URL
-- string: blocks, traffic and open sessions kept under the old keys move to the new ones
INSERT INTO "agent_blocks" ("agent", "reason", "blocked_by", "created_at")
  SELECT DISTINCT ON (o) o, "reason", "blocked_by", "created_at"
  FROM (SELECT lower(substring("agent" from '^(https?://[^/?#]+)')) AS o, * FROM "agent_blocks" WHERE "agent" ~ '^https?://') s
  ORDER BY o, "created_at"
ON CONFLICT ("agent") DO NOTHING;--> statement-breakpoint
DELETE FROM "agent_blocks" WHERE "agent" ~ '^https?://[^/?#]+[/?#]';--> statement-breakpoint
UPDATE "agent_blocks" SET "agent" = 'client:' || "agent" WHERE "agent" !~ '^https?://' AND "agent" !~ '^client:';--> statement-breakpoint
INSERT INTO "agent_traffic" ("agent", "hour", "requests")
  SELECT CASE WHEN "agent" ~ '^https?://' THEN lower(substring("agent" from '^(https?://[^/?#]+)')) ELSE 'client:' || "agent" END, "hour", sum("requests")::int
  FROM "agent_traffic" WHERE "agent" ~ '^https?://[^/?#]+[/?#]' OR ("agent" !~ '^https?://' AND "agent" !~ '^client:')
  GROUP BY 1, 2
ON CONFLICT ("agent", "hour") DO UPDATE SET "requests" = "agent_traffic"."requests" + excluded."requests";--> statement-breakpoint
DELETE FROM "agent_traffic" WHERE "agent" ~ '^https?://[^/?#]+[/?#]' OR ("agent" !~ '^https?://' AND "agent" !~ '^client:');--> statement-breakpoint
UPDATE "agent_checkouts" SET "agent" = lower(substring("agent" from '^(https?://[^/?#]+)')) WHERE "agent" ~ '^https?://[^/?#]+[/?#]';--> statement-breakpoint
UPDATE "agent_carts" SET "agent" = lower(substring("agent" from '^(https?://[^/?#]+)')) WHERE "agent" ~ '^https?://[^/?#]+[/?#]';
