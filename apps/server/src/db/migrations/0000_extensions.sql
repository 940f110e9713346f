-- Extensions the schema relies on: trigram indexes for typo-tolerant search, unaccent for folding accents.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pgcrypto;
