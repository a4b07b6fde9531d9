-- What SQLite's migrations add by hand (0006_perm_version, 0013_user_links), written for PostgreSQL. Generated
-- tables come from the shared schema (0000_init); this file keeps the rules the database itself enforces.

-- One version row; every write to a table permissions derive from bumps it in the same transaction
-- (server/lib/permission-cache.ts), whoever writes: API, CLI, restore, another process.
INSERT INTO "blade_perm_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "atrium_bump_perm_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "blade_perm_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_role" AFTER INSERT OR UPDATE OR DELETE ON "blade_role" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_role_menu" AFTER INSERT OR UPDATE OR DELETE ON "blade_role_menu" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_role_scope" AFTER INSERT OR UPDATE OR DELETE ON "blade_role_scope" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_menu" AFTER INSERT OR UPDATE OR DELETE ON "blade_menu" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_scope_data" AFTER INSERT OR UPDATE OR DELETE ON "blade_scope_data" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_scope_api" AFTER INSERT OR UPDATE OR DELETE ON "blade_scope_api" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_tenant" AFTER INSERT OR UPDATE OR DELETE ON "blade_tenant" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_tenant_package" AFTER INSERT OR UPDATE OR DELETE ON "blade_tenant_package" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
CREATE TRIGGER "tr_perm_version_user_role" AFTER INSERT OR UPDATE OR DELETE ON "blade_user_role" FOR EACH ROW EXECUTE FUNCTION "atrium_bump_perm_version"();
--> statement-breakpoint
-- A repeated link is ignored by the table itself, as SQLite's PRIMARY KEY … ON CONFLICT IGNORE does, so a tenant
-- import that brings a user and its links does not collide with the rows the user's trigger just wrote. The
-- argument names the member column; the primary key still holds should two writers race past this check.
CREATE FUNCTION "atrium_ignore_repeated_link"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE "user_id" = $1 AND %I = $2)', TG_TABLE_NAME, TG_ARGV[0])
    INTO found USING NEW."user_id", to_jsonb(NEW) ->> TG_ARGV[0];
  IF found THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tr_user_role_ignore_repeat" BEFORE INSERT ON "blade_user_role" FOR EACH ROW EXECUTE FUNCTION "atrium_ignore_repeated_link"('role_id');
--> statement-breakpoint
CREATE TRIGGER "tr_user_dept_ignore_repeat" BEFORE INSERT ON "blade_user_dept" FOR EACH ROW EXECUTE FUNCTION "atrium_ignore_repeated_link"('dept_id');
--> statement-breakpoint
CREATE TRIGGER "tr_user_post_ignore_repeat" BEFORE INSERT ON "blade_user_post" FOR EACH ROW EXECUTE FUNCTION "atrium_ignore_repeated_link"('post_id');
--> statement-breakpoint
-- blade_user's comma lists are the API's shape; the link tables follow them in the same statement, whoever writes
-- the user (server/lib/membership.ts reads the links).
CREATE FUNCTION "atrium_user_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "blade_user_role" WHERE "user_id" = OLD."id";
    DELETE FROM "blade_user_dept" WHERE "user_id" = OLD."id";
    DELETE FROM "blade_user_post" WHERE "user_id" = OLD."id";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR OLD."role_id" IS DISTINCT FROM NEW."role_id" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id"
      OR OLD."id" IS DISTINCT FROM NEW."id" THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM "blade_user_role" WHERE "user_id" = OLD."id";
    END IF;
    INSERT INTO "blade_user_role" ("tenant_id", "user_id", "role_id")
      SELECT DISTINCT NEW."tenant_id", NEW."id", trim(v) FROM unnest(string_to_array(NEW."role_id", ',')) AS v
      WHERE trim(v) <> ''
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' OR OLD."dept_id" IS DISTINCT FROM NEW."dept_id" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id"
      OR OLD."id" IS DISTINCT FROM NEW."id" THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM "blade_user_dept" WHERE "user_id" = OLD."id";
    END IF;
    INSERT INTO "blade_user_dept" ("tenant_id", "user_id", "dept_id")
      SELECT DISTINCT NEW."tenant_id", NEW."id", trim(v) FROM unnest(string_to_array(NEW."dept_id", ',')) AS v
      WHERE trim(v) <> ''
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' OR OLD."post_id" IS DISTINCT FROM NEW."post_id" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id"
      OR OLD."id" IS DISTINCT FROM NEW."id" THEN
    IF TG_OP = 'UPDATE' THEN
      DELETE FROM "blade_user_post" WHERE "user_id" = OLD."id";
    END IF;
    INSERT INTO "blade_user_post" ("tenant_id", "user_id", "post_id")
      SELECT DISTINCT NEW."tenant_id", NEW."id", trim(v) FROM unnest(string_to_array(NEW."post_id", ',')) AS v
      WHERE trim(v) <> ''
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tr_user_links" AFTER INSERT OR UPDATE OR DELETE ON "blade_user" FOR EACH ROW EXECUTE FUNCTION "atrium_user_links"();
