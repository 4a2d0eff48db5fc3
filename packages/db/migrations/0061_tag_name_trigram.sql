-- Tag suggestions match anywhere in a name ("entang" finds quantum-entanglement): a trigram index
-- on the lower-cased name serves lower(name) LIKE '%typed%' (issue 42).
CREATE INDEX IF NOT EXISTS tags_name_lower_trgm_idx ON tags USING gin (lower(name) gin_trgm_ops);
