-- Tax documents are immutable once issued (decision 0099): a correction is a credit note, never an edit.
CREATE OR REPLACE FUNCTION tax_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax_documents are immutable once issued' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER tax_documents_no_update_or_delete BEFORE UPDATE OR DELETE ON tax_documents
  FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();
--> statement-breakpoint
CREATE TRIGGER tax_documents_no_truncate BEFORE TRUNCATE ON tax_documents
  FOR EACH STATEMENT EXECUTE FUNCTION tax_documents_immutable();
