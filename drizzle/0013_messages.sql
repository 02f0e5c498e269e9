CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('request_received', 'request_received_operator', 'request_confirmed', 'request_declined', 'booking_cancelled', 'request_lapsed', 'request_withdrawn', 'request_withdrawn_operator')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "request_links" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"closed_reason" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_links_closed_reason_check" CHECK ("request_links"."closed_reason" in ('withdrawn', 'lapsed'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_links" ADD CONSTRAINT "request_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_message_id_key" ON "outbox_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_property_created_idx" ON "outbox_messages" USING btree ("property_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_messages_booking_idx" ON "outbox_messages" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_links_token_key" ON "request_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "request_links_hold_idx" ON "request_links" USING btree ("hold_until") WHERE "request_links"."closed_reason" is null;--> statement-breakpoint

-- The operator reads their properties' messages and sends a failed one again; their decisions on a
-- booking write the guest's message. The background worker runs as the table owner.
GRANT SELECT, INSERT, UPDATE ON outbox_messages TO villa_app;
--> statement-breakpoint
GRANT SELECT ON request_links TO villa_app;
--> statement-breakpoint
ALTER TABLE outbox_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY outbox_messages_owner ON outbox_messages TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = outbox_messages.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = outbox_messages.property_id AND p.owner_id = app_current_operator_id()));
--> statement-breakpoint
ALTER TABLE request_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY request_links_owner ON request_links FOR SELECT TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = request_links.booking_id AND p.owner_id = app_current_operator_id()
  ));
--> statement-breakpoint

-- A guest's request writes its page's link and the messages it causes; a withdrawal writes its messages.
-- The public role may write those and read nothing back. Drizzle names every column in an INSERT, so the
-- grants are table-wide and the policies decide which rows.
GRANT INSERT ON outbox_messages, request_links TO villa_guest;
--> statement-breakpoint
CREATE POLICY outbox_messages_guest_write ON outbox_messages FOR INSERT TO villa_guest
  WITH CHECK (
    kind IN ('request_received', 'request_received_operator', 'request_withdrawn', 'request_withdrawn_operator')
    AND status = 'pending'
    AND attempts = 0
  );
--> statement-breakpoint
CREATE POLICY request_links_guest_write ON request_links FOR INSERT TO villa_guest
  WITH CHECK (
    closed_reason IS NULL
    AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = request_links.booking_id AND b.status = 'pending')
  );
--> statement-breakpoint

-- Where the operator's notifications go when OPERATOR_NOTIFY_EMAIL is unset: the property owner's e-mail.
-- The public role may not read operators; it may ask this, for one property.
CREATE OR REPLACE FUNCTION operator_notify_address(p_property_id uuid)
  RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT o.email FROM properties p JOIN operators o ON o.id = p.owner_id WHERE p.id = p_property_id
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION operator_notify_address(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION operator_notify_address(uuid) TO villa_guest;
--> statement-breakpoint

-- A guest's own request, found by its page's token: the public role may not read tokens or guest data,
-- it may only ask this for the one request whose token it holds.
CREATE OR REPLACE FUNCTION find_guest_request(p_token text)
  RETURNS TABLE (
    out_booking_id uuid, out_property_id uuid, out_property_name text, out_status text,
    out_guest_name text, out_guest_email text, out_check_in date, out_check_out date,
    out_guests_count integer, out_total_amount numeric, out_currency text, out_created_at timestamptz,
    out_hold_until timestamptz, out_closed_reason text
  )
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT b.id, p.id, p.name, b.status, b.guest_name, b.guest_email, b.check_in, b.check_out,
         b.guests_count, b.total_amount, b.currency, b.created_at, l.hold_until, l.closed_reason
  FROM request_links l
  JOIN bookings b ON b.id = l.booking_id
  JOIN properties p ON p.id = b.property_id
  WHERE l.token = p_token
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION find_guest_request(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION find_guest_request(text) TO villa_guest;
--> statement-breakpoint

-- The guest withdraws their own pending request: it is cancelled (its nights open again) with the reason
-- recorded. Returns the booking's id, or nothing when the token is unknown or the request is not pending.
CREATE OR REPLACE FUNCTION withdraw_guest_request(p_token text)
  RETURNS uuid
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_booking_id uuid;
BEGIN
  UPDATE bookings b SET status = 'cancelled', updated_at = now()
  FROM request_links l
  WHERE l.token = p_token AND b.id = l.booking_id AND b.status = 'pending'
  RETURNING b.id INTO v_booking_id;
  IF v_booking_id IS NOT NULL THEN
    UPDATE request_links SET closed_reason = 'withdrawn', closed_at = now() WHERE booking_id = v_booking_id;
  END IF;
  RETURN v_booking_id;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION withdraw_guest_request(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION withdraw_guest_request(text) TO villa_guest;
