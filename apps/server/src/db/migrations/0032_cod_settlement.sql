CREATE TABLE "cod_remittance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"remittance_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"expected_cents" bigint NOT NULL,
	"collected_cents" bigint NOT NULL,
	"collected_on" date NOT NULL,
	CONSTRAINT "cod_remittance_lines_amounts" CHECK ("cod_remittance_lines"."expected_cents" > 0 and "cod_remittance_lines"."collected_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer,
	"source" text NOT NULL,
	"content_hash" text NOT NULL,
	"expected_cents" bigint NOT NULL,
	"collected_cents" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"courier_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"remitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"token_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_shipments" ADD CONSTRAINT "cod_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_shipments" ADD CONSTRAINT "cod_shipments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_lines_order_key" ON "cod_remittance_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_remittance_idx" ON "cod_remittance_lines" USING btree ("remittance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_content_key" ON "cod_remittances" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "cod_shipments_courier_idx" ON "cod_shipments" USING btree ("courier_id");--> statement-breakpoint
CREATE INDEX "cod_shipments_refused_idx" ON "cod_shipments" USING btree ("order_id") WHERE "cod_shipments"."refused_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_code_key" ON "couriers" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_token_key" ON "couriers" USING btree ("token_hash");