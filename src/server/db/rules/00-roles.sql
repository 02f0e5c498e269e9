-- The database roles the application's queries run as. Roles belong to the whole server, so another
-- database (or a concurrent test) may have created them already.
--
--   villa_app    every request of a signed-in operator, and the channel sync acting for one operator
--                (withOperator): row-level security limits it to that operator's properties.
--   villa_guest  anonymous requests from the public site (withGuest): reads availability without guest
--                data and may only insert a pending, unpaid, direct booking.
--
-- Everything else (sign-in, sessions, the background jobs' bookkeeping, migrations) runs as the
-- connecting user, which owns the tables.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'villa_app') THEN
    CREATE ROLE villa_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'villa_guest') THEN
    CREATE ROLE villa_guest NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

-- The connecting user must be able to SET ROLE to both (a no-op for a superuser).
DO $$
BEGIN
  EXECUTE format('GRANT villa_app TO %I', current_user);
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

DO $$
BEGIN
  EXECUTE format('GRANT villa_guest TO %I', current_user);
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

GRANT USAGE ON SCHEMA public TO villa_app, villa_guest;
