-- The kept counts of bookings per property (0017), made safe against two more things.
--
-- Lock order: every statement takes the count rows it changes in property order before changing them,
-- so two transactions writing bookings of several properties wait for each other in line and never in a
-- circle. 0017 took them in property order only on insert; a delete (of the sample data, say) took them in
-- whatever order its plan gave, and deadlocked against an import that was inserting into the same
-- properties in property order.
--
-- TRUNCATE: it fires no delete trigger, so it left every count as it was; now it empties the counts.
--
-- The functions run as their owner (the role that ran the migrations), so that guests, who insert
-- bookings, can keep the counts while neither application role may write them; their search_path is
-- fixed, and nobody else may call them.
CREATE OR REPLACE FUNCTION count_deleted_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM 1 FROM property_booking_counts
    WHERE property_id IN (SELECT property_id FROM deleted_bookings)
    ORDER BY property_id FOR UPDATE;
  -- A property deleted by the same statement (say, a delete of a property and its bookings through a
  -- writable CTE) has lost its row already: nothing to update.
  UPDATE property_booking_counts c SET total = c.total - d.removed
    FROM (SELECT property_id, count(*) AS removed FROM deleted_bookings GROUP BY property_id) d
    WHERE c.property_id = d.property_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_moved_booking() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  PERFORM 1 FROM property_booking_counts
    WHERE property_id IN (OLD.property_id, NEW.property_id)
    ORDER BY property_id FOR UPDATE;
  UPDATE property_booking_counts SET total = total - 1 WHERE property_id = OLD.property_id;
  INSERT INTO property_booking_counts AS c (property_id, total) VALUES (NEW.property_id, 1)
  ON CONFLICT (property_id) DO UPDATE SET total = c.total + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_truncated_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM property_booking_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION count_truncated_bookings() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER bookings_count_truncated AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION count_truncated_bookings();
