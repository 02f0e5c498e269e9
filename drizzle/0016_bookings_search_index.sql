-- The guest search's trigram indexes without a pending list (fastupdate off). With one, new bookings'
-- entries wait unsorted until a vacuum, every search reads them all, and the planner, seeing the index
-- that dear, read every booking of the property instead: a search then cost in proportion to the
-- property's history, not to what it finds. Bookings are written rarely, so putting each one straight
-- into the index costs little. Rebuilt rather than altered, so no entries are left waiting.
DROP INDEX "bookings_guest_name_trgm_idx";--> statement-breakpoint
DROP INDEX "bookings_guest_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "bookings_guest_name_trgm_idx" ON "bookings" USING gin ("guest_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "bookings_guest_email_trgm_idx" ON "bookings" USING gin ("guest_email" gin_trgm_ops) WITH (fastupdate=false);
