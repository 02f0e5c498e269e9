CREATE TABLE "property_booking_counts" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "property_booking_counts_total_check" CHECK ("property_booking_counts"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "property_booking_counts" ADD CONSTRAINT "property_booking_counts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each property's number of bookings, kept in the transaction of every insert and delete, so that the
-- bookings list's unfiltered total is one row to read rather than a count of the property's whole
-- history on every page. The triggers run as the table's owner: guests insert bookings too, and neither
-- application role may write the counts. Per statement, so a channel import or the removal of the
-- sample data changes each property's row once; the rows are taken in property order, so two
-- statements over several properties never wait on each other in a circle.
CREATE OR REPLACE FUNCTION count_inserted_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO property_booking_counts AS c (property_id, total)
    SELECT property_id, count(*) FROM inserted_bookings GROUP BY property_id ORDER BY property_id
  ON CONFLICT (property_id) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_deleted_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  -- A property deleted in the same statement has lost its row already (cascade): nothing to update.
  UPDATE property_booking_counts c SET total = c.total - d.removed
    FROM (SELECT property_id, count(*) AS removed FROM deleted_bookings GROUP BY property_id) d
    WHERE c.property_id = d.property_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A booking moved to another property (not something the application does, but the count must not
-- drift if anyone does it).
CREATE OR REPLACE FUNCTION count_moved_booking() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  UPDATE property_booking_counts SET total = total - 1 WHERE property_id = OLD.property_id;
  INSERT INTO property_booking_counts AS c (property_id, total) VALUES (NEW.property_id, 1)
  ON CONFLICT (property_id) DO UPDATE SET total = c.total + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION count_inserted_bookings(), count_deleted_bookings(), count_moved_booking() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER bookings_count_inserted AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS inserted_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_bookings();
--> statement-breakpoint
CREATE TRIGGER bookings_count_deleted AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS deleted_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_bookings();
--> statement-breakpoint
CREATE TRIGGER bookings_count_moved AFTER UPDATE OF property_id ON bookings
  FOR EACH ROW WHEN (OLD.property_id IS DISTINCT FROM NEW.property_id)
  EXECUTE FUNCTION count_moved_booking();
--> statement-breakpoint
-- The bookings already there. Creating the triggers locked the table against writes until this
-- migration commits, so no booking is counted twice or missed.
INSERT INTO property_booking_counts (property_id, total)
  SELECT property_id, count(*) FROM bookings GROUP BY property_id;
--> statement-breakpoint
GRANT SELECT ON property_booking_counts TO villa_app;
--> statement-breakpoint
ALTER TABLE property_booking_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY property_booking_counts_owner ON property_booking_counts FOR SELECT TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = property_booking_counts.property_id AND p.owner_id = app_current_operator_id()));
