-- Searching guests by part of a name or e-mail (ILIKE '%…%') uses trigram indexes. pg_trgm is a
-- trusted extension: a database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "bookings_guest_name_trgm_idx" ON "bookings" USING gin ("guest_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_guest_email_trgm_idx" ON "bookings" USING gin ("guest_email" gin_trgm_ops);