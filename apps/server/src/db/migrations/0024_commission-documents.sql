ALTER TABLE "tax_documents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "subject" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "vendor_id" integer;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_commission_invoice" ON "tax_documents" USING btree ("vendor_id","period") WHERE "tax_documents"."subject" = 'commission' and "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_commission_credit" ON "tax_documents" USING btree ("corrects_id","period") WHERE "tax_documents"."subject" = 'commission' and "tax_documents"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "tax_documents_vendor_idx" ON "tax_documents" USING btree ("vendor_id") WHERE "tax_documents"."vendor_id" is not null;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_subject_shape" CHECK (("tax_documents"."subject" = 'sale' and "tax_documents"."order_id" is not null) or ("tax_documents"."subject" = 'commission' and "tax_documents"."order_id" is null and "tax_documents"."vendor_id" is not null and "tax_documents"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'));