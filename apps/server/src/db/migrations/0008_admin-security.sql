CREATE TABLE "admin_access_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"limited" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_name" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "admin_codes" ADD CONSTRAINT "admin_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_access_attempts_created_idx" ON "admin_access_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_codes_code_hash_key" ON "admin_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "admin_codes_user_idx" ON "admin_codes" USING btree ("user_id");