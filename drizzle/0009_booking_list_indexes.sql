DROP INDEX "bookings_property_created_idx";--> statement-breakpoint
DROP INDEX "bookings_property_check_in_idx";--> statement-breakpoint
CREATE INDEX "bookings_property_newest_idx" ON "bookings" USING btree ("property_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_property_check_in_id_idx" ON "bookings" USING btree ("property_id","check_in","id");--> statement-breakpoint
-- Guests are searched by part of a name or e-mail with the trigram indexes. Under row-level security the
-- planner may not use them for ILIKE (the operator is not leakproof), so the search runs in this function,
-- as the table's owner, and checks itself that the property belongs to the operator the transaction acts
-- for. It returns ids only; the caller reads the rows under row-level security as usual.
CREATE OR REPLACE FUNCTION search_booking_ids(p_property uuid, p_pattern text)
  RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT b.id FROM bookings b
  WHERE b.property_id = p_property
    AND EXISTS (SELECT 1 FROM properties p WHERE p.id = p_property AND p.owner_id = app_current_operator_id())
    AND (b.guest_name ILIKE p_pattern OR b.guest_email ILIKE p_pattern)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION search_booking_ids(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION search_booking_ids(uuid, text) TO villa_app;
