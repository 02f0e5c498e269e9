-- What each application role may do with each table: the grants, row-level security and its policies, as
-- they are today. Every grant to villa_app and villa_guest and every policy is removed first and stated
-- again below, so what this file says is all there is: a grant or policy removed here is removed from the
-- database. A table granted to either role has row-level security on (rules.api.test.ts checks it).
--
-- villa_app's policies let it reach the rows of the operator the transaction acts for
-- (app_current_operator_id()); a policy for one role only is named for that role, since every permissive
-- policy of a table is evaluated for a role it applies to, and villa_guest may not read owner_id.
-- Drizzle names every column in an INSERT (DEFAULT for those not given), so insert grants are table-wide
-- and the policies decide which rows.
DO $$
DECLARE
  v_table regclass;
  v_policy record;
BEGIN
  FOR v_table IN
    SELECT c.oid::regclass FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
      AND (
        EXISTS (
          SELECT 1 FROM aclexplode(c.relacl) a
          WHERE a.grantee IN (SELECT oid FROM pg_roles WHERE rolname IN ('villa_app', 'villa_guest'))
        )
        OR EXISTS (
          SELECT 1 FROM pg_attribute t, aclexplode(t.attacl) a
          WHERE t.attrelid = c.oid
            AND a.grantee IN (SELECT oid FROM pg_roles WHERE rolname IN ('villa_app', 'villa_guest'))
        )
      )
  LOOP
    -- Also takes back the column grants of each table.
    EXECUTE format('REVOKE ALL ON TABLE %s FROM villa_app, villa_guest', v_table);
  END LOOP;
  FOR v_policy IN SELECT policyname, tablename FROM pg_policies WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP POLICY %I ON %I', v_policy.policyname, v_policy.tablename);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Properties, bookings and the calendar

ALTER TABLE properties ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON properties TO villa_app;
CREATE POLICY properties_owner ON properties TO villa_app
  USING (owner_id = app_current_operator_id())
  WITH CHECK (owner_id = app_current_operator_id());
-- The public site reads what availability and quotes need of active properties (no owner, no address).
GRANT SELECT (id, name, max_guests, base_price, currency, is_active, created_at) ON properties TO villa_guest;
CREATE POLICY properties_guest_read ON properties FOR SELECT TO villa_guest USING (is_active);

-- villa_app has no DELETE: a booking is cancelled, never deleted (sample data goes through
-- remove_sample_bookings()).
ALTER TABLE bookings ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON bookings TO villa_app;
CREATE POLICY bookings_owner ON bookings TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = bookings.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = bookings.property_id AND p.owner_id = app_current_operator_id()));
-- A guest's request reads the stays that hold nights (pending or confirmed; no guest data) and inserts only
-- a pending, unpaid, direct booking of an active property. The export also needs which stays a connection
-- brought (to leave them out of that connection's own export) and when each stay last changed (DTSTAMP);
-- the request's Idempotency-Key and fingerprint find a repeated request.
GRANT SELECT (id, property_id, check_in, check_out, status, guests_count, total_amount, currency, request_key,
  created_at, channel_connection_id, updated_at, request_fingerprint) ON bookings TO villa_guest;
GRANT INSERT ON bookings TO villa_guest;
CREATE POLICY bookings_guest_read ON bookings FOR SELECT TO villa_guest
  USING (status IN ('pending', 'confirmed'));
CREATE POLICY bookings_guest_request ON bookings FOR INSERT TO villa_guest
  WITH CHECK (
    status = 'pending'
    AND booking_source = 'direct'
    AND payment_status = 'unpaid'
    AND external_booking_id IS NULL
    AND EXISTS (SELECT 1 FROM properties p WHERE p.id = bookings.property_id AND p.is_active)
  );

-- Kept by triggers (10-functions.sql); the operator only reads their properties' counts.
ALTER TABLE property_booking_counts ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON property_booking_counts TO villa_app;
CREATE POLICY property_booking_counts_owner ON property_booking_counts FOR SELECT TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = property_booking_counts.property_id AND p.owner_id = app_current_operator_id()));

ALTER TABLE property_calendar ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON property_calendar TO villa_app;
CREATE POLICY property_calendar_owner ON property_calendar TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = property_calendar.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = property_calendar.property_id AND p.owner_id = app_current_operator_id()));
GRANT SELECT (property_id, date, is_available, price, created_at) ON property_calendar TO villa_guest;
CREATE POLICY property_calendar_guest_read ON property_calendar FOR SELECT TO villa_guest USING (true);

-- The operator edits their properties' rules; the public form reads the active properties' rules to quote.
ALTER TABLE pricing_rules ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON pricing_rules TO villa_app;
CREATE POLICY pricing_rules_owner ON pricing_rules TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = pricing_rules.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = pricing_rules.property_id AND p.owner_id = app_current_operator_id()));
GRANT SELECT (property_id, rules) ON pricing_rules TO villa_guest;
CREATE POLICY pricing_rules_guest_read ON pricing_rules FOR SELECT TO villa_guest
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = pricing_rules.property_id AND p.is_active));

-- The payment ledger: the operator reads their properties' bookings' entries and adds entries recorded by
-- themselves; nobody changes or deletes one (no UPDATE or DELETE grant, and a trigger refuses the owner too).
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON payments TO villa_app;
CREATE POLICY payments_owner_read ON payments FOR SELECT TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = payments.booking_id AND p.owner_id = app_current_operator_id()
  ));
-- An entry a payment gateway reported (its webhook, with no one signed in) is the system's: no author, and
-- with the gateway's id of the payment, or written by the system itself (the reversal of a refund the gateway
-- failed after making it).
CREATE POLICY payments_owner_write ON payments FOR INSERT TO villa_app
  WITH CHECK (
    (created_by = app_current_operator_id()
      OR (created_by IS NULL AND (gateway_payment_id IS NOT NULL OR current_setting('app.actor', true) = 'system')))
    AND EXISTS (
      SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
      WHERE b.id = payments.booking_id AND p.owner_id = app_current_operator_id()
    )
  );

-- Refunds through Razorpay of the operator's bookings: asked (inserted) by the operator, settled (updated)
-- by them or by the system when Razorpay reports; never deleted. Only the outcome's columns change.
ALTER TABLE gateway_refunds ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE (status, gateway_refund_id, refund_entry_id, failure, attempts, last_tried_at, settled_at)
  ON gateway_refunds TO villa_app;
CREATE POLICY gateway_refunds_owner ON gateway_refunds TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = gateway_refunds.booking_id AND p.owner_id = app_current_operator_id()
  ))
  WITH CHECK (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = gateway_refunds.booking_id AND p.owner_id = app_current_operator_id()
  ));

-- What the operations did to the bookings (and a channel's notices, to a property): written (inserted) in the operation's transaction;
-- a subscriber acting for the operator marks one handled. Only the handling's columns change.
ALTER TABLE domain_events ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE (handled_at, locked_until, attempts, last_error) ON domain_events TO villa_app;
CREATE POLICY domain_events_owner ON domain_events TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = domain_events.booking_id AND p.owner_id = app_current_operator_id()
  ) OR EXISTS (
    SELECT 1 FROM properties p
    WHERE p.id = domain_events.property_id AND p.owner_id = app_current_operator_id()
  ))
  WITH CHECK (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = domain_events.booking_id AND p.owner_id = app_current_operator_id()
  ) OR EXISTS (
    SELECT 1 FROM properties p
    WHERE p.id = domain_events.property_id AND p.owner_id = app_current_operator_id()
  ));
-- A guest's request from the public form says so; the public role writes nothing else and reads none back.
GRANT INSERT ON domain_events TO villa_guest;
CREATE POLICY domain_events_guest_write ON domain_events FOR INSERT TO villa_guest
  WITH CHECK (
    kind = 'booking_requested'
    AND EXISTS (SELECT 1 FROM request_links l WHERE l.booking_id = domain_events.booking_id)
  );

-- Razorpay payment links the operator made for their bookings; a payment through one marks it paid.
ALTER TABLE payment_links ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE (status) ON payment_links TO villa_app;
CREATE POLICY payment_links_owner ON payment_links TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = payment_links.booking_id AND p.owner_id = app_current_operator_id()
  ))
  WITH CHECK (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = payment_links.booking_id AND p.owner_id = app_current_operator_id()
  ));

-- Each property's payment schedule and instructions, kept by its operator.
ALTER TABLE payment_settings ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON payment_settings TO villa_app;
CREATE POLICY payment_settings_owner ON payment_settings TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = payment_settings.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = payment_settings.property_id AND p.owner_id = app_current_operator_id()));

-- Each property's templates of its scheduled guest messages, kept by its operator.
ALTER TABLE message_templates ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON message_templates TO villa_app;
CREATE POLICY message_templates_owner ON message_templates TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = message_templates.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = message_templates.property_id AND p.owner_id = app_current_operator_id()));

-- What became of each booking's scheduled messages: the operator skips and restores them (the job, as the
-- owner, writes them); the row's property must be its booking's.
ALTER TABLE scheduled_messages ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, DELETE ON scheduled_messages TO villa_app;
CREATE POLICY scheduled_messages_owner ON scheduled_messages TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = scheduled_messages.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = scheduled_messages.booking_id AND p.id = scheduled_messages.property_id
      AND p.owner_id = app_current_operator_id()
  ));

-- The business behind each operator's invoices: their own row only.
ALTER TABLE business_profiles ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON business_profiles TO villa_app;
CREATE POLICY business_profiles_owner ON business_profiles TO villa_app
  USING (operator_id = app_current_operator_id())
  WITH CHECK (operator_id = app_current_operator_id());

-- How guests reach each operator's business: their own row only (guests' paths read it through
-- find_property_contact).
ALTER TABLE business_contacts ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON business_contacts TO villa_app;
CREATE POLICY business_contacts_owner ON business_contacts TO villa_app
  USING (operator_id = app_current_operator_id())
  WITH CHECK (operator_id = app_current_operator_id());

-- Issued invoices and their numbering: an operator's own, added to and never changed (the numbers'
-- rows are raised in the transaction that issues, so they are consecutive).
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON invoices TO villa_app;
CREATE POLICY invoices_owner ON invoices TO villa_app
  USING (operator_id = app_current_operator_id())
  WITH CHECK (operator_id = app_current_operator_id() AND EXISTS (
    SELECT 1 FROM properties p WHERE p.id = invoices.property_id AND p.owner_id = app_current_operator_id()
  ));

ALTER TABLE invoice_series ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON invoice_series TO villa_app;
CREATE POLICY invoice_series_owner ON invoice_series TO villa_app
  USING (operator_id = app_current_operator_id())
  WITH CHECK (operator_id = app_current_operator_id());

-- Guests' check-ins (the register and Form C): the operator reads their properties' rows and records a Form
-- C's filing, nothing else (the guest writes them through submit_guest_check_in(), the retention job deletes
-- them as the owner). The public role has no grant: it reaches its own stay's rows only by its token.
ALTER TABLE guest_check_ins ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON guest_check_ins TO villa_app;
GRANT UPDATE (form_c_reference, form_c_filed_at, form_c_filed_by) ON guest_check_ins TO villa_app;
CREATE POLICY guest_check_ins_owner ON guest_check_ins TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = guest_check_ins.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = guest_check_ins.property_id AND p.owner_id = app_current_operator_id()));

-- ---------------------------------------------------------------------------------------------------------
-- Channels. The sync runs as villa_app for the property's operator. The public site (availability, quotes,
-- guest requests) and the export read closed nights: dates and the channel that closed them, nothing else.

ALTER TABLE channel_connections ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON channel_connections TO villa_app;
CREATE POLICY channel_connections_owner ON channel_connections TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_connections.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_connections.property_id AND p.owner_id = app_current_operator_id()));
GRANT SELECT (id, channel) ON channel_connections TO villa_guest;
CREATE POLICY channel_connections_guest_read ON channel_connections FOR SELECT TO villa_guest USING (true);

ALTER TABLE channel_blocks ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON channel_blocks TO villa_app;
CREATE POLICY channel_blocks_owner ON channel_blocks TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_blocks.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_blocks.property_id AND p.owner_id = app_current_operator_id()));
GRANT SELECT (property_id, connection_id, channel, start_date, end_date, updated_at) ON channel_blocks TO villa_guest;
CREATE POLICY channel_blocks_guest_read ON channel_blocks FOR SELECT TO villa_guest USING (true);

-- A stay a channel reports that the operator has not settled (it overlaps a booking here, or the channel
-- still lists a stay cancelled here) closes all of its nights for the public site and on the other
-- channels' exports until it is settled: the public role reads the dates of such conflicts, and which
-- channel they came from.
ALTER TABLE channel_conflicts ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON channel_conflicts TO villa_app;
CREATE POLICY channel_conflicts_owner ON channel_conflicts TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_conflicts.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_conflicts.property_id AND p.owner_id = app_current_operator_id()));
GRANT SELECT (property_id, connection_id, kind, item_kind, status, check_in, check_out, updated_at)
  ON channel_conflicts TO villa_guest;
CREATE POLICY channel_conflicts_guest_read ON channel_conflicts FOR SELECT TO villa_guest
  USING (status = 'open' AND item_kind = 'stay');

-- The public role never reads export tokens: it asks resolve_calendar_export().
ALTER TABLE channel_exports ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON channel_exports TO villa_app;
CREATE POLICY channel_exports_owner ON channel_exports TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_exports.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_exports.property_id AND p.owner_id = app_current_operator_id()));

-- Replaced export addresses and who read each address: the operator rotates (inserts) and reads them;
-- only resolve_calendar_export() (as the owner) writes the reads.
ALTER TABLE channel_export_retired_tokens ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON channel_export_retired_tokens TO villa_app;
CREATE POLICY channel_export_retired_tokens_owner ON channel_export_retired_tokens TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_export_retired_tokens.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_export_retired_tokens.property_id AND p.owner_id = app_current_operator_id()));
ALTER TABLE channel_export_reads ENABLE ROW LEVEL SECURITY;
GRANT SELECT, DELETE ON channel_export_reads TO villa_app;
CREATE POLICY channel_export_reads_owner ON channel_export_reads TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = channel_export_reads.property_id AND p.owner_id = app_current_operator_id()));

-- ---------------------------------------------------------------------------------------------------------
-- Messages and guests' request links. The background worker that sends messages runs as the table owner.

-- The operator reads their properties' messages and sends a failed one again; their decisions on a booking
-- write the guest's message. A guest's request and a withdrawal write the messages they cause, and read
-- nothing back.
ALTER TABLE outbox_messages ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON outbox_messages TO villa_app;
CREATE POLICY outbox_messages_owner ON outbox_messages TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = outbox_messages.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = outbox_messages.property_id AND p.owner_id = app_current_operator_id()));
GRANT INSERT ON outbox_messages TO villa_guest;
CREATE POLICY outbox_messages_guest_write ON outbox_messages FOR INSERT TO villa_guest
  WITH CHECK (
    kind IN ('request_received', 'request_received_operator', 'request_withdrawn', 'request_withdrawn_operator')
    AND status = 'pending'
    AND attempts = 0
  );

-- A guest's request writes its page's link row; the public role reads whether a request was confirmed (the
-- availability it shows leaves out requests whose time to confirm has run out).
ALTER TABLE request_links ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON request_links TO villa_app;
CREATE POLICY request_links_owner ON request_links FOR SELECT TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = request_links.booking_id AND p.owner_id = app_current_operator_id()
  ));
GRANT SELECT (booking_id, confirm_by, confirmed_at, closed_reason) ON request_links TO villa_guest;
GRANT INSERT ON request_links TO villa_guest;
CREATE POLICY request_links_guest_read ON request_links FOR SELECT TO villa_guest USING (true);
CREATE POLICY request_links_guest_write ON request_links FOR INSERT TO villa_guest
  WITH CHECK (
    closed_reason IS NULL
    AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = request_links.booking_id AND b.status = 'pending')
  );

-- The operator's decisions, withdrawals and lapses each write a message with a link of its own; the public
-- role writes the links of a new request and of a withdrawal, only for requests from the public form
-- (those with a request_links row). Tokens are stored as their SHA-256; nobody reads them back but
-- find_guest_request(). The operator removes a booking's when its guest's e-mail changes: the links went to
-- the old address.
ALTER TABLE request_tokens ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, DELETE ON request_tokens TO villa_app;
CREATE POLICY request_tokens_owner ON request_tokens TO villa_app
  USING (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = request_tokens.booking_id AND p.owner_id = app_current_operator_id()
  ))
  WITH CHECK (EXISTS (
    SELECT 1 FROM bookings b JOIN properties p ON p.id = b.property_id
    WHERE b.id = request_tokens.booking_id AND p.owner_id = app_current_operator_id()
  ));
GRANT INSERT ON request_tokens TO villa_guest;
CREATE POLICY request_tokens_guest_write ON request_tokens FOR INSERT TO villa_guest
  WITH CHECK (EXISTS (SELECT 1 FROM request_links l WHERE l.booking_id = request_tokens.booking_id));

-- ---------------------------------------------------------------------------------------------------------
-- The audit log: the operator reads their own events; only the triggers (as the owner) write it.

ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON audit_events TO villa_app;
CREATE POLICY audit_events_owner ON audit_events FOR SELECT TO villa_app
  USING (operator_id = app_current_operator_id());

-- ---------------------------------------------------------------------------------------------------------
-- Tables only the connecting user (the owner) touches: operators and their sessions (sign-in), sign-in
-- counters, trusted devices and the jobs' leases. No application role has a grant on them. Where a grant by
-- mistake would expose secrets, row-level security with no policy refuses every row anyway.

ALTER TABLE sign_in_counters ENABLE ROW LEVEL SECURITY;
ALTER TABLE trusted_devices ENABLE ROW LEVEL SECURITY;
