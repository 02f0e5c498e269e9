-- Rules Drizzle cannot express: the no-double-booking exclusion constraint, the application role and
-- row-level security. Written to be safe on PGlite (PostgreSQL 18) and PostgreSQL 15.

CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint

-- Pending and confirmed stays of one property never share a night. Stays are half-open [check_in, check_out):
-- a check-out day is free for the next guest's check-in.
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
  EXCLUDE USING gist (property_id WITH =, daterange(check_in, check_out, '[)') WITH &&)
  WHERE (status IN ('pending', 'confirmed'));
--> statement-breakpoint

-- The role every operator request runs as. Roles are shared by all databases of a server, so another
-- database (or a concurrent test) may have created it already.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'villa_app') THEN
    CREATE ROLE villa_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint

-- The connecting user must be able to SET ROLE villa_app (a no-op for a superuser).
DO $$
BEGIN
  EXECUTE format('GRANT villa_app TO %I', current_user);
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint

GRANT USAGE ON SCHEMA public TO villa_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON properties, bookings TO villa_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON property_calendar TO villa_app;
--> statement-breakpoint

-- The operator a transaction acts for, set with set_config('app.operator_id', …, true). Unset means nobody.
CREATE OR REPLACE FUNCTION app_current_operator_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.operator_id', true), '')::uuid $$;
--> statement-breakpoint

ALTER TABLE properties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY properties_owner ON properties
  USING (owner_id = app_current_operator_id())
  WITH CHECK (owner_id = app_current_operator_id());
--> statement-breakpoint

ALTER TABLE bookings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY bookings_owner ON bookings
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = bookings.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = bookings.property_id AND p.owner_id = app_current_operator_id()));
--> statement-breakpoint

ALTER TABLE property_calendar ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY property_calendar_owner ON property_calendar
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = property_calendar.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = property_calendar.property_id AND p.owner_id = app_current_operator_id()));
