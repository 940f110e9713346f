CREATE TABLE "seller_performance" (
	"vendor_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'fine' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused_product_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"evaluated_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer,
	"lift_note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_performance" ADD CONSTRAINT "seller_performance_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;