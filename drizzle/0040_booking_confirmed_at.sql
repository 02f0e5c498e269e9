DROP INDEX "audit_events_booking_confirmed_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- The day each stay was first confirmed, from the audit log (an update that changed its status to
-- 'confirmed'), else the day it was made (entered as confirmed, or from before the log). Its triggers are
-- held off for this one update: it changes no stay, and the audit log would record every one.
ALTER TABLE "bookings" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "bookings" b SET "confirmed_at" = coalesce(
  (SELECT min(a.occurred_at) FROM audit_events a
   WHERE a.entity_type = 'booking' AND a.entity_id = b.id::text AND a.action = 'update'
     AND a.after->>'status' = 'confirmed' AND (a.before->>'status') IS DISTINCT FROM 'confirmed'),
  b.created_at)
WHERE b.status IN ('confirmed', 'completed');--> statement-breakpoint
ALTER TABLE "bookings" ENABLE TRIGGER USER;
