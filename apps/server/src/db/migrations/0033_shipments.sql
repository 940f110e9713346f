CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"event_id" text NOT NULL,
	"state" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reason" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"return_id" integer,
	"kind" text NOT NULL,
	"carrier" text NOT NULL,
	"mode" text NOT NULL,
	"waybill" text NOT NULL,
	"carrier_ref" text,
	"pickup_ref" text,
	"state" text DEFAULT 'booked' NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"state_at" timestamp with time zone,
	"label" jsonb NOT NULL,
	"carrier_label_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_return_has_return" CHECK (("shipments"."kind" = 'return') = ("shipments"."return_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_carrier_event_key" ON "shipment_events" USING btree ("carrier","event_id");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_carrier_waybill_key" ON "shipments" USING btree ("carrier","waybill");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_outbound_order_key" ON "shipments" USING btree ("order_id") WHERE "shipments"."kind" = 'outbound';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_return_key" ON "shipments" USING btree ("return_id") WHERE "shipments"."return_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("carrier","state");