ALTER TABLE "bookings" ADD COLUMN "overlap_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A completed stay holds its nights like a pending or confirmed one: before, completing a stay that had not
-- ended freed its nights for the public form and the channels. History that already overlaps (a stay
-- completed early whose nights were sold again) is marked exempt, so that adding the rule cannot fail.
UPDATE bookings c SET overlap_exempt = true
WHERE c.status = 'completed'
  AND EXISTS (
    SELECT 1 FROM bookings o
    WHERE o.property_id = c.property_id AND o.id <> c.id
      AND o.status IN ('pending', 'confirmed', 'completed')
      AND daterange(o.check_in, o.check_out, '[)') && daterange(c.check_in, c.check_out, '[)')
  );
--> statement-breakpoint
ALTER TABLE bookings DROP CONSTRAINT IF EXISTS bookings_no_overlap;
--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
  EXCLUDE USING gist (property_id WITH =, daterange(check_in, check_out, '[)') WITH &&)
  WHERE (status IN ('pending', 'confirmed') OR (status = 'completed' AND NOT overlap_exempt));
