-- The narrow role a guest's request from the public site runs as: it may read what availability and
-- quotes need (no guest data), and insert only a pending, unpaid, direct booking of an active property.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'villa_guest') THEN
    CREATE ROLE villa_guest NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT villa_guest TO %I', current_user);
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO villa_guest;
--> statement-breakpoint
GRANT SELECT (id, name, max_guests, base_price, currency, is_active, created_at) ON properties TO villa_guest;
--> statement-breakpoint
GRANT SELECT (property_id, date, is_available, price) ON property_calendar TO villa_guest;
--> statement-breakpoint
GRANT SELECT (id, property_id, check_in, check_out, status, guests_count, total_amount, currency, request_key, created_at)
  ON bookings TO villa_guest;
--> statement-breakpoint
-- Drizzle names every column in an INSERT (DEFAULT for those not given), so the grant is table-wide; the
-- policy below decides which rows a guest may insert.
GRANT INSERT ON bookings TO villa_guest;
--> statement-breakpoint
CREATE POLICY properties_guest_read ON properties FOR SELECT TO villa_guest USING (is_active);
--> statement-breakpoint
CREATE POLICY property_calendar_guest_read ON property_calendar FOR SELECT TO villa_guest USING (true);
--> statement-breakpoint
CREATE POLICY bookings_guest_read ON bookings FOR SELECT TO villa_guest USING (true);
--> statement-breakpoint
CREATE POLICY bookings_guest_request ON bookings FOR INSERT TO villa_guest
  WITH CHECK (
    status = 'pending'
    AND booking_source = 'direct'
    AND payment_status = 'unpaid'
    AND external_booking_id IS NULL
    AND EXISTS (SELECT 1 FROM properties p WHERE p.id = bookings.property_id AND p.is_active)
  );
--> statement-breakpoint
-- The operator policies apply to villa_app only: every permissive policy of a table is evaluated for a
-- role it applies to, and villa_guest may not read owner_id.
ALTER POLICY properties_owner ON properties TO villa_app;
--> statement-breakpoint
ALTER POLICY bookings_owner ON bookings TO villa_app;
--> statement-breakpoint
ALTER POLICY property_calendar_owner ON property_calendar TO villa_app;
