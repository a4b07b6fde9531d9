-- The number at a path of a JSON text, or NULL where the text is not JSON or the value there is not a number:
-- what SQLite answers with json_valid() and json_type() (server/lib/portable-sql.ts jsonNumber, read by the
-- telemetry charts). PostgreSQL 15 has no cast that answers NULL for text that is not JSON (IS JSON and
-- pg_input_is_valid came in 16), and a device's reading is whatever it sent, so the failed cast is caught here.
CREATE FUNCTION "atrium_json_number"(doc text, path text[]) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  v jsonb;
BEGIN
  v := doc::jsonb #> path;
  IF jsonb_typeof(v) = 'number' THEN
    RETURN v::text::double precision;
  END IF;
  RETURN NULL;
EXCEPTION WHEN data_exception THEN
  -- Not JSON, or a number beyond double precision's range.
  RETURN NULL;
END
$$;
