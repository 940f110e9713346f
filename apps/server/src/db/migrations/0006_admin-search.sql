-- Admin lists (decision 0042): the functions behind the product list's substring search and tag filter. They are
-- declared IMMUTABLE so a generated column and an index may use them: array_to_string is only STABLE in general (it
-- calls each element type's output function) but for text[] its result depends on the input alone. Queries use the
-- generated column products.search_text and the expression souq_tags_text(tags), so the indexes serve them.
CREATE OR REPLACE FUNCTION souq_product_search_text(name text, slug text, sku text, brand text, description text, tags text[], categories text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(' ', name, slug, sku, brand, description, array_to_string(tags, ' '), array_to_string(categories, ' '))) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION souq_tags_text(tags text[])
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(array_to_string(tags, ' ')) $$;
