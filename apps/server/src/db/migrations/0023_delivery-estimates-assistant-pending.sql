CREATE TABLE "assistant_pending_actions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "delivery_min_days" integer;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "delivery_max_days" integer;--> statement-breakpoint
ALTER TABLE "assistant_pending_actions" ADD CONSTRAINT "assistant_pending_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;