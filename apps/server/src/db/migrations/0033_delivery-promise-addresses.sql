CREATE TABLE "public_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"estimated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"emirate" text NOT NULL,
	"area" text NOT NULL,
	"street" text NOT NULL,
	"flat" text DEFAULT '' NOT NULL,
	"landmark" text DEFAULT '' NOT NULL,
	"makani" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopper_addresses_pin_pair" CHECK (("shopper_addresses"."latitude" is null) = ("shopper_addresses"."longitude" is null))
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "handling_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "cutoff_time" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise_earliest" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise_latest" date;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "shopper_addresses" ADD CONSTRAINT "shopper_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopper_addresses_user_idx" ON "shopper_addresses" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopper_addresses_one_default" ON "shopper_addresses" USING btree ("user_id") WHERE "shopper_addresses"."is_default";