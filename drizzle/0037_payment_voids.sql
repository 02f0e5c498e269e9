ALTER TABLE "payments" ADD COLUMN "void_reason" text;--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree (lower(regexp_replace("reference", '\s+', '', 'g'))) WHERE "payments"."reference" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_void_reason_check" CHECK ("payments"."void_reason" is null or ("payments"."corrects_id" is not null and char_length(btrim("payments"."void_reason")) between 1 and 1000));--> statement-breakpoint
-- A channel's stay is 'channel' whatever its ledger holds now (derive_payment_status, from the rules that run
-- after this): stays that turned 'paid' or 'partial' under the old rule say so again. The old rule's trigger,
-- where the rules ran before, would put the old status back: it is held off for this one update.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'bookings_derive_payment_status' AND tgrelid = 'bookings'::regclass) THEN
    ALTER TABLE bookings DISABLE TRIGGER bookings_derive_payment_status;
    UPDATE bookings SET payment_status = 'channel'
      WHERE booking_source IN ('airbnb', 'booking_com') AND payment_status <> 'channel';
    ALTER TABLE bookings ENABLE TRIGGER bookings_derive_payment_status;
  ELSE
    UPDATE bookings SET payment_status = 'channel'
      WHERE booking_source IN ('airbnb', 'booking_com') AND payment_status <> 'channel';
  END IF;
END
$$;
