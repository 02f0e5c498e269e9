CREATE TABLE "payment_settings" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"deposit_percent" integer DEFAULT 30 NOT NULL,
	"balance_due_days" integer DEFAULT 14 NOT NULL,
	"security_deposit" numeric(12, 2) DEFAULT 0 NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_deposit_percent_check" CHECK ("payment_settings"."deposit_percent" between 0 and 100),
	CONSTRAINT "payment_settings_balance_due_days_check" CHECK ("payment_settings"."balance_due_days" between 0 and 365),
	CONSTRAINT "payment_settings_security_deposit_check" CHECK ("payment_settings"."security_deposit" >= 0),
	CONSTRAINT "payment_settings_payment_instructions_check" CHECK (char_length("payment_settings"."payment_instructions") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"received_on" date NOT NULL,
	"reference" text,
	"note" text,
	"gateway_payment_id" text,
	"corrects_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('payment', 'refund', 'security_deposit_held', 'security_deposit_returned')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('upi', 'bank_transfer', 'cash', 'card', 'razorpay', 'channel', 'other')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_reference_check" CHECK ("payments"."reference" is null or char_length("payments"."reference") <= 100),
	CONSTRAINT "payments_note_check" CHECK ("payments"."note" is null or char_length("payments"."note") <= 1000),
	CONSTRAINT "payments_gateway_payment_id_check" CHECK ("payments"."gateway_payment_id" is null or char_length("payments"."gateway_payment_id") between 1 and 100),
	CONSTRAINT "payments_corrects_other_check" CHECK ("payments"."corrects_id" is null or "payments"."corrects_id" <> "payments"."id")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_status_check";--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_corrects_id_payments_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_payment_id_key" ON "payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payments_corrects_idx" ON "payments" USING btree ("corrects_id") WHERE "payments"."corrects_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('unpaid', 'partial', 'paid', 'refunded', 'channel'));--> statement-breakpoint
-- payment_status is derived from the ledger from now on (rules: derive_payment_status). Bookings marked by
-- hand keep their meaning (docs/decisions/0022-payment-ledger.md): a stay a channel collects is 'channel';
-- 'paid' becomes one payment of the total, 'refunded' that payment and its refund, 'partial' a payment of
-- one minor unit (the amount was never recorded: the note says so, and the balance stays what the guest
-- may still owe). A stay with no known total gets the one-unit payment for 'paid' too. The day received is
-- the day the audit log shows it marked so, else the day the booking was made (the villa's calendar).
UPDATE bookings SET payment_status = 'channel'
WHERE booking_source IN ('airbnb', 'booking_com') AND payment_status <> 'channel';
--> statement-breakpoint
CREATE TEMPORARY TABLE ledger_backfill AS
SELECT gen_random_uuid() AS payment_id, gen_random_uuid() AS refund_id, b.id AS booking_id, b.payment_status,
  b.currency, p.owner_id, b.property_id,
  CASE WHEN b.payment_status IN ('paid', 'refunded') AND b.total_amount > 0 THEN b.total_amount ELSE 0.01 END AS amount,
  (coalesce(
    (SELECT max(a.occurred_at) FROM audit_events a
     WHERE a.entity_type = 'booking' AND a.entity_id = b.id::text AND a.after->>'payment_status' = b.payment_status),
    b.created_at
  ) AT TIME ZONE 'Asia/Kolkata')::date AS received_on
FROM bookings b JOIN properties p ON p.id = b.property_id
WHERE b.payment_status IN ('paid', 'partial', 'refunded');
--> statement-breakpoint
INSERT INTO payments (id, booking_id, kind, amount, currency, method, received_on, note)
SELECT payment_id, booking_id, 'payment', amount, currency, 'other', received_on,
  CASE WHEN payment_status = 'partial' OR amount = 0.01
    THEN 'Recorded before the ledger: marked ' || CASE WHEN payment_status = 'partial' THEN 'partly paid' ELSE payment_status END
      || ', amount not known; correct this entry and record what was received'
    ELSE 'Recorded before the ledger' END
FROM ledger_backfill;
--> statement-breakpoint
INSERT INTO payments (id, booking_id, kind, amount, currency, method, received_on, note)
SELECT refund_id, booking_id, 'refund', amount, currency, 'other', received_on,
  'Recorded before the ledger: marked refunded, taken as a refund of all that was paid'
FROM ledger_backfill WHERE payment_status = 'refunded';
--> statement-breakpoint
-- The entries written here are in the audit log like any other, by the system.
INSERT INTO audit_events (operator_id, actor, entity_type, entity_id, property_id, action, after)
SELECT l.owner_id, 'system', 'payment', e.id::text, l.property_id, 'insert', to_jsonb(e)
FROM payments e JOIN ledger_backfill l ON l.booking_id = e.booking_id
ORDER BY e.booking_id, e.kind;
--> statement-breakpoint
DROP TABLE ledger_backfill;
