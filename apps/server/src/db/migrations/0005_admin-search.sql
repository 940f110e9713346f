-- Admin product list (decision 0042): substring search over name, slug (the SKU shown), description, tags and
-- categories, and the tags filter (a substring of any tag), both served by trigram indexes. array_to_string is only
-- STABLE in general (it calls each element type's output function), but for text[] it is immutable in fact, so these
-- wrappers may be declared IMMUTABLE and indexed. Queries must call the same functions to use the indexes.
CREATE OR REPLACE FUNCTION souq_product_search_text(name text, slug text, description text, tags text[], categories text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(name || ' ' || slug || ' ' || description || ' ' || array_to_string(tags, ' ') || ' ' || array_to_string(categories, ' ')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION souq_tags_text(tags text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(array_to_string(tags, ' ')) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_admin_search_trgm ON products
  USING gin (souq_product_search_text(name, slug, description, tags, categories) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_tags_trgm ON products USING gin (souq_tags_text(tags) gin_trgm_ops);
