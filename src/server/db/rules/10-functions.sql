-- The application's functions, as they are today. Who may call each is stated beside it: every grant of
-- EXECUTE to the application roles is taken back first, so a grant removed here is removed from the
-- database. A function that runs as its owner (SECURITY DEFINER) fixes its search_path and is revoked from
-- PUBLIC (a new function may be called by anyone until then).
--
-- Changing a function: edit it here. Changing its arguments or its result type: add
-- `DROP FUNCTION IF EXISTS name(old arguments);` before it (CREATE OR REPLACE cannot change those).
DO $$
DECLARE
  v_function regprocedure;
BEGIN
  FOR v_function IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND EXISTS (
        SELECT 1 FROM aclexplode(p.proacl) a
        WHERE a.grantee IN (SELECT oid FROM pg_roles WHERE rolname IN ('villa_app', 'villa_guest'))
      )
  LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM villa_app, villa_guest', v_function);
  END LOOP;
END
$$;

-- The operator a transaction acts for, set with set_config('app.operator_id', …, true). Unset means nobody.
-- The policies call it as the querying role, so everyone may.
CREATE OR REPLACE FUNCTION app_current_operator_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.operator_id', true), '')::uuid $$;

-- The time now by the server's clock, when the transaction declared it (set_config('app.now', …, true)),
-- else the database's. What the server compares with its own clock (a link's expiry, the day a stay was
-- confirmed) is stamped and compared by this one, so the two clocks are never mixed in one rule.
CREATE OR REPLACE FUNCTION app_now() RETURNS timestamptz
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('app.now', true), '')::timestamptz, now()) $$;

-- ---------------------------------------------------------------------------------------------------------
-- Bookings

-- Bookings are searched by part of the guest's name or e-mail (trigram indexes), by their reference (the id's
-- first eight hex digits, a range of the primary key), by the guest's phone in any spelling (its digits, a
-- trigram index on them), and by a code compared whole, in any case: the channel's reservation code, a payment's
-- UTR or reference (as the duplicate-reference check compares them, spaces aside), an invoice's number (an
-- index on each). Every branch reads its own index, so a search
-- costs the same whatever the history. Under row-level security the planner may not use those indexes (the
-- operator is not leakproof), so the search runs in these functions, as the tables' owner, and checks itself
-- that the property belongs to the operator the transaction acts for. They return ids only; the caller reads
-- the rows under row-level security as usual. p_property null: every active property of the operator.
DROP FUNCTION IF EXISTS search_booking_ids(uuid, text);
DROP FUNCTION IF EXISTS search_operator_booking_ids(text);
CREATE OR REPLACE FUNCTION search_booking_ids(
  p_property uuid, p_pattern text, p_id_prefix text, p_phone_digits text, p_code text
)
  RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  WITH own AS (
    SELECT p.id FROM properties p
    WHERE p.owner_id = app_current_operator_id()
      AND (p.id = p_property OR (p_property IS NULL AND p.is_active))
  ), found AS (
    SELECT b.id, b.property_id FROM bookings b WHERE b.guest_name ILIKE p_pattern
    UNION SELECT b.id, b.property_id FROM bookings b WHERE b.guest_email ILIKE p_pattern
    UNION SELECT b.id, b.property_id FROM bookings b
      WHERE p_id_prefix IS NOT NULL
        AND b.id BETWEEN (p_id_prefix || '-0000-0000-0000-000000000000')::uuid
                     AND (p_id_prefix || '-ffff-ffff-ffff-ffffffffffff')::uuid
    UNION SELECT b.id, b.property_id FROM bookings b
      WHERE p_phone_digits IS NOT NULL
        AND regexp_replace(b.guest_phone, '[^0-9]', '', 'g') LIKE '%' || p_phone_digits || '%'
    UNION SELECT b.id, b.property_id FROM bookings b
      WHERE p_code IS NOT NULL AND upper(b.external_booking_id) = p_code
    UNION SELECT b.id, b.property_id FROM payments e JOIN bookings b ON b.id = e.booking_id
      WHERE p_code IS NOT NULL AND e.reference IS NOT NULL
        AND lower(regexp_replace(e.reference, '\s+', '', 'g')) = lower(regexp_replace(p_code, '\s+', '', 'g'))
    UNION SELECT b.id, b.property_id FROM invoices i JOIN bookings b ON b.id = i.booking_id
      WHERE p_code IS NOT NULL AND i.operator_id = app_current_operator_id() AND upper(i.number) = p_code
  )
  SELECT f.id FROM found f WHERE f.property_id IN (SELECT id FROM own)
$$;
REVOKE ALL ON FUNCTION search_booking_ids(uuid, text, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION search_booking_ids(uuid, text, text, text, text) TO villa_app;

-- Sample data is removed in one go; villa_app has no DELETE on bookings otherwise, so a booking that is
-- not sample data can never be deleted through the API.
CREATE OR REPLACE FUNCTION remove_sample_bookings() RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_count integer;
BEGIN
  -- Their ledgers first (the only entries ever deleted: refuse_payment_change lets sample ones go).
  DELETE FROM gateway_refunds r
  USING bookings b, properties p
  WHERE r.booking_id = b.id AND b.is_sample AND p.id = b.property_id AND p.owner_id = app_current_operator_id();
  DELETE FROM payments e
  USING bookings b, properties p
  WHERE e.booking_id = b.id AND b.is_sample AND p.id = b.property_id AND p.owner_id = app_current_operator_id();
  DELETE FROM bookings b
  USING properties p
  WHERE b.is_sample AND p.id = b.property_id AND p.owner_id = app_current_operator_id();
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END
$$;
REVOKE ALL ON FUNCTION remove_sample_bookings() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION remove_sample_bookings() TO villa_app;

-- Each property's number of bookings (property_booking_counts), kept in the transaction of every insert
-- and delete, so that the bookings list's unfiltered total is one row to read rather than a count of the
-- property's whole history on every page. The trigger functions run as their owner: guests insert bookings
-- too, and neither application role may write the counts; nobody may call them directly. Per statement,
-- so a channel import or the removal of the sample data changes each property's row once.
--
-- Lock order: every statement takes the count rows it changes in property order before changing them, so
-- two transactions writing bookings of several properties wait for each other in line, never in a circle.
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
REVOKE ALL ON FUNCTION count_inserted_bookings() FROM PUBLIC;

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
REVOKE ALL ON FUNCTION count_deleted_bookings() FROM PUBLIC;

-- A booking moved to another property (not something the application does, but the count must not
-- drift if anyone does it).
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
REVOKE ALL ON FUNCTION count_moved_booking() FROM PUBLIC;

-- TRUNCATE fires no delete trigger: it empties the counts.
CREATE OR REPLACE FUNCTION count_truncated_bookings() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM property_booking_counts;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION count_truncated_bookings() FROM PUBLIC;

-- ---------------------------------------------------------------------------------------------------------
-- The payment ledger (payments): entries are only ever added; bookings.payment_status follows from them.

-- A booking's payment status from its ledger, the rule derivePaymentStatus (src/domain/payment.ts) states:
-- 'channel' for a stay Airbnb or Booking.com collects, whatever is recorded here (a payout, or money to
-- return); else
-- 'refunded' when refunds took back all that was paid, 'paid' when what is kept covers the total (any
-- amount when the total is not known), 'partial' when something is kept, 'unpaid' when nothing is. A
-- correcting entry (corrects_id) counts against the kind it reverses.
CREATE OR REPLACE FUNCTION derive_payment_status(p_booking uuid, p_source text, p_total numeric, p_amount_known boolean)
  RETURNS text
  LANGUAGE sql STABLE
  SET search_path = public, pg_temp
AS $$
  SELECT CASE
    WHEN p_source IN ('airbnb', 'booking_com') THEN 'channel'
    WHEN t.paid - t.refunded <= 0 THEN CASE WHEN t.refunded > 0 THEN 'refunded' ELSE 'unpaid' END
    WHEN NOT p_amount_known OR t.paid - t.refunded >= p_total THEN 'paid'
    ELSE 'partial'
  END
  FROM (
    SELECT
      coalesce(sum(CASE WHEN e.corrects_id IS NULL THEN e.amount ELSE -e.amount END) FILTER (WHERE e.kind = 'payment'), 0) AS paid,
      coalesce(sum(CASE WHEN e.corrects_id IS NULL THEN e.amount ELSE -e.amount END) FILTER (WHERE e.kind = 'refund'), 0) AS refunded
    FROM payments e WHERE e.booking_id = p_booking
  ) t
$$;

-- A stay's invoice in force: the one its credit notes have not wholly taken back (a booking has at most
-- one), its total and its credit notes' total; no row when it has none. findStaysInvoicing
-- (src/server/invoices/queries.ts) reads the same.
CREATE OR REPLACE FUNCTION find_stay_invoice_in_force(p_booking uuid)
  RETURNS TABLE (out_total numeric, out_credited numeric)
  LANGUAGE sql STABLE
  SET search_path = public, pg_temp
AS $$
  SELECT i.total, n.credited
  FROM invoices i
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(c.total), 0) AS credited FROM invoices c WHERE c.corrects_invoice_id = i.id
  ) n
  WHERE i.booking_id = p_booking AND i.kind <> 'credit_note' AND n.credited < i.total
  ORDER BY i.created_at DESC
  LIMIT 1
$$;

-- How much of the credit notes of a stay's invoice in force its total does not reflect yet, the rule
-- findCreditedMinor (src/domain/payment.ts) states: the credit notes less how far the total stands below
-- that invoice, never below 0 nor above the total. What the guest owes is the total less this.
CREATE OR REPLACE FUNCTION find_stay_credited(p_booking uuid, p_total numeric)
  RETURNS numeric
  LANGUAGE sql STABLE
  SET search_path = public, pg_temp
AS $$
  SELECT coalesce((
    SELECT least(p_total, greatest(0, f.out_credited - greatest(0, f.out_total - p_total)))
    FROM find_stay_invoice_in_force(p_booking) f
  ), 0)
$$;

-- When a stay was first confirmed (the deposit falls due that day): the time it was made when it is made
-- confirmed (or completed), the app's time when its status first becomes 'confirmed', and never changed after,
-- whatever a writer sends.
CREATE OR REPLACE FUNCTION stamp_booking_confirmed_at() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.confirmed_at := CASE WHEN NEW.status IN ('confirmed', 'completed') THEN NEW.created_at END;
  ELSIF OLD.confirmed_at IS NOT NULL THEN
    NEW.confirmed_at := OLD.confirmed_at;
  ELSE
    NEW.confirmed_at := CASE WHEN NEW.status = 'confirmed' AND OLD.status <> 'confirmed' THEN app_now() END;
  END IF;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION stamp_booking_confirmed_at() FROM PUBLIC;

-- Whoever writes a booking (the operator, a guest's request, a channel sync, code running as the owner),
-- its payment_status is the derived one: a value set by hand is replaced. Runs as the owner, as the
-- ledger is read whole whoever asks (a guest may not read it at all). It is derived from what is owed:
-- the total less its credit notes.
CREATE OR REPLACE FUNCTION derive_booking_payment_status() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  NEW.payment_status := derive_payment_status(NEW.id, NEW.booking_source,
    NEW.total_amount - find_stay_credited(NEW.id, NEW.total_amount), NEW.amount_known);
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION derive_booking_payment_status() FROM PUBLIC;

-- After each new entry (and each new invoice or credit note), the booking's status is derived again
-- (through the trigger above), in the same transaction.
CREATE OR REPLACE FUNCTION rederive_booking_payment_status() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  UPDATE bookings SET payment_status = payment_status WHERE id = NEW.booking_id;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION rederive_booking_payment_status() FROM PUBLIC;

-- The rules of a new entry, whoever inserts it: the booking's currency; a refund never above what was paid
-- and not yet refunded; a security deposit returned never above what is held; a correction only of an
-- uncorrected entry of the same booking and kind, for at most what is left of it. The booking's row is
-- locked first, so entries of one booking are checked one after another, never both against the same
-- totals. The server checks the same (checkLedgerEntry) first, to answer in words; this is the backstop.
CREATE OR REPLACE FUNCTION check_payment_entry() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_currency text;
  v_corrected payments%ROWTYPE;
  v_left numeric;
  v_sign integer := CASE WHEN NEW.corrects_id IS NULL THEN 1 ELSE -1 END;
  v_paid numeric;
  v_refunded numeric;
  v_held numeric;
  v_returned numeric;
BEGIN
  SELECT b.currency INTO v_currency FROM bookings b WHERE b.id = NEW.booking_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW; -- the foreign key refuses it
  END IF;
  IF NEW.currency IS DISTINCT FROM v_currency THEN
    RAISE EXCEPTION 'A ledger entry is in its booking''s currency (%)', v_currency
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_currency_matches_booking';
  END IF;
  IF NEW.corrects_id IS NOT NULL THEN
    SELECT * INTO v_corrected FROM payments WHERE id = NEW.corrects_id;
    IF NOT FOUND OR v_corrected.booking_id <> NEW.booking_id OR v_corrected.kind <> NEW.kind
       OR v_corrected.corrects_id IS NOT NULL THEN
      RAISE EXCEPTION 'A correction reverses an uncorrected entry of the same booking and kind'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_correction_check';
    END IF;
    SELECT v_corrected.amount - coalesce(sum(amount), 0) INTO v_left FROM payments WHERE corrects_id = NEW.corrects_id;
    IF NEW.amount > v_left THEN
      RAISE EXCEPTION 'A correction reverses at most what is left of its entry'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_correction_check';
    END IF;
    -- A void reverses all that is left, and never money that moved through Razorpay (refunded instead).
    IF NEW.void_reason IS NOT NULL AND (NEW.amount <> v_left OR v_corrected.gateway_payment_id IS NOT NULL
       OR v_corrected.method = 'razorpay') THEN
      RAISE EXCEPTION 'A void reverses all that is left of an entry that did not move through Razorpay'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_void_check';
    END IF;
  END IF;
  SELECT
    coalesce(sum(CASE WHEN corrects_id IS NULL THEN amount ELSE -amount END) FILTER (WHERE kind = 'payment'), 0),
    coalesce(sum(CASE WHEN corrects_id IS NULL THEN amount ELSE -amount END) FILTER (WHERE kind = 'refund'), 0),
    coalesce(sum(CASE WHEN corrects_id IS NULL THEN amount ELSE -amount END) FILTER (WHERE kind = 'security_deposit_held'), 0),
    coalesce(sum(CASE WHEN corrects_id IS NULL THEN amount ELSE -amount END) FILTER (WHERE kind = 'security_deposit_returned'), 0)
  INTO v_paid, v_refunded, v_held, v_returned
  FROM payments WHERE booking_id = NEW.booking_id;
  CASE NEW.kind
    WHEN 'payment' THEN v_paid := v_paid + v_sign * NEW.amount;
    WHEN 'refund' THEN v_refunded := v_refunded + v_sign * NEW.amount;
    WHEN 'security_deposit_held' THEN v_held := v_held + v_sign * NEW.amount;
    ELSE v_returned := v_returned + v_sign * NEW.amount;
  END CASE;
  -- Refunds still pending at the gateway may yet be made: they count as refunded (the entry recording one as
  -- made carries its refund id, and is not counted twice).
  SELECT v_refunded + coalesce(sum(r.amount), 0) INTO v_refunded
  FROM gateway_refunds r
  WHERE r.booking_id = NEW.booking_id AND r.status = 'pending'
    AND r.gateway_refund_id IS DISTINCT FROM NEW.gateway_payment_id;
  IF v_refunded > v_paid THEN
    RAISE EXCEPTION 'Refunds would come to more than was paid'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_refund_within_paid';
  END IF;
  IF v_returned > v_held THEN
    RAISE EXCEPTION 'More of the security deposit would be returned than is held'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_returned_within_held';
  END IF;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION check_payment_entry() FROM PUBLIC;

-- A refund through the gateway refunds one payment of its booking that came through the gateway, never
-- more than that payment has left (its amount, less its corrections, less its refunds made or pending), and
-- never more than the booking has paid and not yet refunded. The booking is locked first, as for an entry.
CREATE OR REPLACE FUNCTION check_gateway_refund() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_payment payments%ROWTYPE;
  v_left numeric;
  v_paid numeric;
  v_refunded numeric;
BEGIN
  PERFORM 1 FROM bookings b WHERE b.id = NEW.booking_id FOR UPDATE;
  SELECT * INTO v_payment FROM payments WHERE id = NEW.payment_entry_id;
  IF NOT FOUND OR v_payment.booking_id <> NEW.booking_id OR v_payment.kind <> 'payment'
     OR v_payment.corrects_id IS NOT NULL OR v_payment.gateway_payment_id IS DISTINCT FROM NEW.gateway_payment_id
     OR v_payment.currency <> NEW.currency THEN
    RAISE EXCEPTION 'A gateway refund refunds a gateway payment of its own booking'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gateway_refunds_payment_check';
  END IF;
  SELECT v_payment.amount
      - coalesce((SELECT sum(amount) FROM payments WHERE corrects_id = v_payment.id), 0)
      - coalesce((SELECT sum(amount) FROM gateway_refunds
                  WHERE payment_entry_id = v_payment.id AND status <> 'failed'), 0)
    INTO v_left;
  IF NEW.amount > v_left THEN
    RAISE EXCEPTION 'A gateway refund is at most what its payment has left'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gateway_refunds_within_payment';
  END IF;
  SELECT
    coalesce(sum(CASE WHEN corrects_id IS NULL THEN amount ELSE -amount END) FILTER (WHERE kind = 'payment'), 0),
    coalesce(sum(CASE WHEN corrects_id IS NULL THEN amount ELSE -amount END) FILTER (WHERE kind = 'refund'), 0)
  INTO v_paid, v_refunded
  FROM payments WHERE booking_id = NEW.booking_id;
  SELECT v_refunded + coalesce(sum(amount), 0) INTO v_refunded
  FROM gateway_refunds WHERE booking_id = NEW.booking_id AND status = 'pending';
  IF v_refunded + NEW.amount > v_paid THEN
    RAISE EXCEPTION 'Refunds would come to more than was paid'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_refund_within_paid';
  END IF;
  RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION check_gateway_refund() FROM PUBLIC;

-- Entries are never changed or deleted, not even by code running as the owner: a mistake is reversed by a
-- correcting entry. The one exception is the made-up ledger of sample data, removed with its bookings.
CREATE OR REPLACE FUNCTION refuse_payment_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = OLD.booking_id AND b.is_sample) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'Ledger entries are never changed or deleted; record a correcting entry instead'
    USING ERRCODE = 'insufficient_privilege';
END
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Invoices: an issued document never changes and never goes; a correction is a credit note against it.

CREATE OR REPLACE FUNCTION refuse_invoice_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public, pg_temp
AS $$
BEGIN
  RAISE EXCEPTION 'Invoice % is issued and never changes: issue a credit note against it', OLD.number
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;

-- The documents issued for a guest's own stay, found by the token of their request page: the newest first.
CREATE OR REPLACE FUNCTION find_guest_invoices(p_token text)
  RETURNS TABLE (out_id uuid, out_document jsonb, out_created_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT i.id, i.document, i.created_at
  FROM request_tokens t
  JOIN invoices i ON i.booking_id = t.booking_id
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
  ORDER BY i.created_at DESC, i.sequence DESC
$$;
REVOKE ALL ON FUNCTION find_guest_invoices(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_guest_invoices(text) TO villa_guest;

-- ---------------------------------------------------------------------------------------------------------
-- Online check-in and the guest register (guest_check_ins)

-- The check-in of a guest's own stay, by the token of its request page: each guest's row, ID numbers as
-- the server encrypted them (it shows the guest only their last four characters).
CREATE OR REPLACE FUNCTION find_guest_check_in(p_token text)
  RETURNS TABLE (
    out_position integer, out_full_name text, out_nationality text, out_address text, out_id_type text,
    out_id_number_encrypted text, out_expected_arrival_time text, out_submitted_at timestamptz
  )
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT g.position, g.full_name, g.nationality, g.address, g.id_type, g.id_number_encrypted,
         g.expected_arrival_time, g.submitted_at
  FROM request_tokens t
  JOIN guest_check_ins g ON g.booking_id = t.booking_id
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
  ORDER BY g.position
$$;
REVOKE ALL ON FUNCTION find_guest_check_in(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_guest_check_in(text) TO villa_guest;

-- The guest checks in their own confirmed stay, once, one row per guest of the booking (p_guests: a JSON
-- array of guest_check_ins' columns, numbers encrypted by the server). The booking's row is locked first,
-- so two submissions at once check in once. Answers 'done', or why not: 'not_found', 'not_confirmed'
-- (pending, cancelled, completed), 'over' (checked out before p_today), 'already', 'count' (not one row
-- per guest).
CREATE OR REPLACE FUNCTION submit_guest_check_in(p_token text, p_guests jsonb, p_today date)
  RETURNS text
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_booking bookings%ROWTYPE;
BEGIN
  SELECT b.* INTO v_booking FROM request_tokens t JOIN bookings b ON b.id = t.booking_id
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN 'not_found';
  END IF;
  PERFORM 1 FROM bookings WHERE id = v_booking.id FOR UPDATE;
  SELECT * INTO v_booking FROM bookings WHERE id = v_booking.id;
  -- A cancelled stay is closed, a completed one over; only a pending one waits to be confirmed.
  IF v_booking.status = 'cancelled' THEN
    RETURN 'cancelled';
  END IF;
  IF v_booking.status = 'pending' THEN
    RETURN 'not_confirmed';
  END IF;
  IF v_booking.status = 'completed' OR v_booking.check_out < p_today THEN
    RETURN 'over';
  END IF;
  IF EXISTS (SELECT 1 FROM guest_check_ins WHERE booking_id = v_booking.id) THEN
    RETURN 'already';
  END IF;
  IF jsonb_typeof(p_guests) <> 'array' OR jsonb_array_length(p_guests) <> v_booking.guests_count THEN
    RETURN 'count';
  END IF;
  INSERT INTO guest_check_ins (
    booking_id, property_id, position, full_name, nationality, address, id_type, id_number_encrypted,
    expected_arrival_time, passport_place_of_issue, passport_issued_on, passport_expires_on,
    visa_number_encrypted, visa_type, visa_expires_on, arrived_in_india_on, arriving_from,
    purpose_of_visit, next_destination
  )
  SELECT v_booking.id, v_booking.property_id, g.ordinality::integer, g.value->>'full_name',
    g.value->>'nationality', g.value->>'address', g.value->>'id_type', g.value->>'id_number_encrypted',
    g.value->>'expected_arrival_time', g.value->>'passport_place_of_issue',
    (g.value->>'passport_issued_on')::date, (g.value->>'passport_expires_on')::date,
    g.value->>'visa_number_encrypted', g.value->>'visa_type', (g.value->>'visa_expires_on')::date,
    (g.value->>'arrived_in_india_on')::date, g.value->>'arriving_from', g.value->>'purpose_of_visit',
    g.value->>'next_destination'
  FROM jsonb_array_elements(p_guests) WITH ORDINALITY AS g(value, ordinality);
  RETURN 'done';
END
$$;
REVOKE ALL ON FUNCTION submit_guest_check_in(text, jsonb, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION submit_guest_check_in(text, jsonb, date) TO villa_guest;

-- Guests' rows hold personal data the audit log must not outlive (they are deleted after the retention
-- period; the log is kept): no trigger copies them there. Instead the server records each reading of their
-- ID, passport and visa numbers in full ('read') and each Form C filing ('update'), naming the rows and
-- why, never their values; only rows of the operator the transaction acts for.
CREATE OR REPLACE FUNCTION record_guest_check_in_event(p_ids uuid[], p_action text, p_detail jsonb)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_count integer;
BEGIN
  IF p_action NOT IN ('read', 'update') THEN
    RAISE EXCEPTION 'A check-in event is a reading or a Form C filing' USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO audit_events (occurred_at, operator_id, actor, actor_id, entity_type, entity_id, property_id, action,
    before, after)
  SELECT app_now(), p.owner_id, 'operator', app_current_operator_id()::text, 'guest_check_in', g.id::text,
    g.property_id, p_action, NULL,
    jsonb_build_object('booking_id', g.booking_id, 'position', g.position) || coalesce(p_detail, '{}'::jsonb)
  FROM guest_check_ins g JOIN properties p ON p.id = g.property_id
  WHERE g.id = ANY (p_ids) AND p.owner_id = app_current_operator_id()
  ORDER BY g.booking_id, g.position;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count;
END
$$;
REVOKE ALL ON FUNCTION record_guest_check_in_event(uuid[], text, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION record_guest_check_in_event(uuid[], text, jsonb) TO villa_app;

-- Backups are files, not rows, so no trigger sees them: the server records each one the operator made or
-- downloaded in the management area ('insert', 'read'), by its file name, for the operator acting.
CREATE OR REPLACE FUNCTION record_backup_event(p_name text, p_action text, p_detail jsonb)
  RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
BEGIN
  IF p_action NOT IN ('insert', 'read') THEN
    RAISE EXCEPTION 'A backup event is a backup made or downloaded' USING ERRCODE = 'check_violation';
  END IF;
  IF app_current_operator_id() IS NULL THEN
    RAISE EXCEPTION 'A backup event needs the operator acting' USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO audit_events (occurred_at, operator_id, actor, actor_id, entity_type, entity_id, property_id, action,
    before, after)
  VALUES (app_now(), app_current_operator_id(), 'operator', app_current_operator_id()::text, 'backup', p_name, NULL,
    p_action, NULL, coalesce(p_detail, '{}'::jsonb));
END
$$;
REVOKE ALL ON FUNCTION record_backup_event(text, text, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION record_backup_event(text, text, jsonb) TO villa_app;

-- ---------------------------------------------------------------------------------------------------------
-- Guests' requests from the public site

-- The site's own property: the configured one, else the first property ever created (the villa), active
-- or not. The public form never falls back to another rental or another operator's property: when this
-- one is inactive the site is not taking requests. villa_guest may not read inactive properties, hence
-- a function that answers only the id and whether it is active.
CREATE OR REPLACE FUNCTION find_site_property(p_configured uuid)
  RETURNS TABLE (out_id uuid, out_is_active boolean)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT p.id, p.is_active FROM properties p
  WHERE p_configured IS NULL OR p.id = p_configured
  ORDER BY p.created_at, p.id
  LIMIT 1
$$;
REVOKE ALL ON FUNCTION find_site_property(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_site_property(uuid) TO villa_guest;

-- How guests reach the business behind a property (its owner's contact settings; no row: none saved, and
-- the server gives the defaults). Public facts, read by the guest's request (villa_guest), the operator's
-- transactions and the site's pages, for the property's owner only.
CREATE OR REPLACE FUNCTION find_property_contact(p_property uuid)
  RETURNS TABLE (out_phone text, out_email text, out_street text, out_city text, out_region text,
    out_postal_code text, out_country text, out_social_handle text, out_social_url text, out_updated_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT c.phone, c.email, c.street, c.city, c.region, c.postal_code, c.country, c.social_handle,
    c.social_url, c.updated_at
  FROM properties p JOIN business_contacts c ON c.operator_id = p.owner_id
  WHERE p.id = p_property
$$;
REVOKE ALL ON FUNCTION find_property_contact(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_property_contact(uuid) TO villa_guest, villa_app;

-- What pending guest requests hold now, per network, per e-mail, and the nights from today on of the
-- property (villa_guest may not read guests' e-mails, so it asks for counts only). Unconfirmed requests
-- count per network and per e-mail (a stranger gets no more of them), but not in the nights all requests
-- may hold together: that limit closes the form for everyone, and only a guest who confirmed from their
-- e-mail may use it up.
CREATE OR REPLACE FUNCTION count_pending_guest_requests(p_property uuid, p_network text, p_email text, p_today date)
  RETURNS TABLE (out_from_network integer, out_from_email integer, out_nights_held integer)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT
    (count(*) FILTER (WHERE b.request_network = p_network))::integer,
    (count(*) FILTER (WHERE lower(b.guest_email) = lower(p_email)))::integer,
    coalesce(sum(b.check_out - greatest(b.check_in, p_today))
      FILTER (WHERE b.property_id = p_property AND (l.booking_id IS NULL OR l.confirmed_at IS NOT NULL)), 0)::integer
  FROM bookings b
  LEFT JOIN request_links l ON l.booking_id = b.id
  WHERE b.status = 'pending' AND b.request_network IS NOT NULL AND b.check_out > p_today
$$;
REVOKE ALL ON FUNCTION count_pending_guest_requests(uuid, text, text, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION count_pending_guest_requests(uuid, text, text, date) TO villa_guest;

-- A guest's own request, found by the token of any of its links (stored as its SHA-256): the public role
-- may not read tokens or guest data, it may only ask this for the one request whose token it holds.
-- Its result gained out_guest_language (the page and e-mails follow the guest's language). A stay the
-- operator entered has no request_links row (its before-arrival message still links its page, for online
-- check-in): it reads as confirmed by its guest since it was entered, with no hold of its own.
DROP FUNCTION IF EXISTS find_guest_request(text);
CREATE OR REPLACE FUNCTION find_guest_request(p_token text)
  RETURNS TABLE (
    out_booking_id uuid, out_property_id uuid, out_property_name text, out_status text,
    out_guest_name text, out_guest_email text, out_check_in date, out_check_out date,
    out_guests_count integer, out_total_amount numeric, out_currency text, out_created_at timestamptz,
    out_hold_until timestamptz, out_closed_reason text, out_confirm_by timestamptz, out_confirmed_at timestamptz,
    out_guest_phone text, out_special_requests text, out_quote jsonb, out_guest_language text
  )
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT b.id, p.id, p.name, b.status, b.guest_name, b.guest_email, b.check_in, b.check_out,
         b.guests_count, b.total_amount, b.currency, b.created_at,
         coalesce(l.hold_until, b.created_at), l.closed_reason, coalesce(l.confirm_by, b.created_at),
         CASE WHEN l.booking_id IS NULL THEN b.created_at ELSE l.confirmed_at END,
         b.guest_phone, b.special_requests, b.quote, b.guest_language
  FROM request_tokens t
  JOIN bookings b ON b.id = t.booking_id
  LEFT JOIN request_links l ON l.booking_id = t.booking_id
  JOIN properties p ON p.id = b.property_id
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION find_guest_request(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_guest_request(text) TO villa_guest;

-- What a guest's request page needs to say what is due now, by the token of one of its links: the ledger's
-- entries (kind and amount only), the property's payment schedule, the day the operator confirmed, and the
-- stay's invoice in force (its total and its credit notes'; null when none). The public role reads no
-- ledger, settings, invoices or audit log itself.
DROP FUNCTION IF EXISTS find_guest_payment(text);
CREATE OR REPLACE FUNCTION find_guest_payment(p_token text)
  RETURNS TABLE (
    out_entries jsonb, out_booking_source text, out_amount_known boolean, out_created_at timestamptz,
    out_deposit_percent integer, out_balance_due_days integer, out_security_deposit numeric,
    out_payment_instructions text, out_confirmed_at timestamptz, out_invoice_total numeric, out_invoice_credited numeric
  )
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT
    (SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', e.id, 'kind', e.kind, 'amount', e.amount::text, 'corrects_id', e.corrects_id
      ) ORDER BY e.created_at, e.id), '[]'::jsonb)
     FROM payments e WHERE e.booking_id = b.id),
    b.booking_source, b.amount_known, b.created_at,
    s.deposit_percent, s.balance_due_days, s.security_deposit, s.payment_instructions,
    b.confirmed_at,
    f.out_total, f.out_credited
  FROM request_tokens t
  JOIN bookings b ON b.id = t.booking_id
  LEFT JOIN payment_settings s ON s.property_id = b.property_id
  LEFT JOIN LATERAL find_stay_invoice_in_force(b.id) f ON true
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;
REVOKE ALL ON FUNCTION find_guest_payment(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_guest_payment(text) TO villa_guest;

-- The open Razorpay payment link of a guest's own confirmed stay, found by the token of any of its links
-- (as find_guest_request): the newest one that has not run out by the clock that set its expiry (app_now).
CREATE OR REPLACE FUNCTION find_guest_payment_link(p_token text)
  RETURNS TABLE (out_url text, out_amount numeric, out_currency text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT k.short_url, k.amount, k.currency
  FROM request_tokens t
  JOIN bookings b ON b.id = t.booking_id
  JOIN payment_links k ON k.booking_id = b.id
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    AND b.status IN ('confirmed', 'completed') AND k.status = 'created' AND k.expires_at > app_now()
  ORDER BY k.created_at DESC
  LIMIT 1
$$;
REVOKE ALL ON FUNCTION find_guest_payment_link(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION find_guest_payment_link(text) TO villa_guest;

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
  FROM request_tokens t
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    AND b.id = t.booking_id AND b.status = 'pending'
  RETURNING b.id INTO v_booking_id;
  IF v_booking_id IS NOT NULL THEN
    UPDATE request_links SET closed_reason = 'withdrawn', closed_at = now() WHERE booking_id = v_booking_id;
  END IF;
  RETURN v_booking_id;
END
$$;
REVOKE ALL ON FUNCTION withdraw_guest_request(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION withdraw_guest_request(text) TO villa_guest;

-- The guest opened the link in their first e-mail: the request is confirmed, if it is still pending and its
-- time to confirm has not run out. Returns the booking's id when this call confirmed it.
CREATE OR REPLACE FUNCTION confirm_guest_request(p_token text)
  RETURNS uuid
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_booking_id uuid;
BEGIN
  UPDATE request_links l SET confirmed_at = now()
  FROM request_tokens t, bookings b
  WHERE t.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex') AND t.purpose = 'confirm'
    AND l.booking_id = t.booking_id AND b.id = t.booking_id
    AND b.status = 'pending' AND l.confirmed_at IS NULL AND l.closed_reason IS NULL AND l.confirm_by > now()
  RETURNING l.booking_id INTO v_booking_id;
  RETURN v_booking_id;
END
$$;
REVOKE ALL ON FUNCTION confirm_guest_request(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION confirm_guest_request(text) TO villa_guest;

-- Requests of one property whose guest did not confirm in time are cancelled, quietly, before anyone takes
-- nights of it (the lapse job does the same for every property once a minute).
CREATE OR REPLACE FUNCTION release_unconfirmed_requests(p_property uuid)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_count integer;
  v_actor text := current_setting('app.actor', true);
  v_actor_id text := current_setting('app.actor_id', true);
BEGIN
  -- The audit log names the system, not whoever's request triggered this, as the author of the lapse.
  PERFORM set_config('app.actor', 'system', true), set_config('app.actor_id', '', true);
  -- The request's link row decides, as confirm_guest_request writes it too: a confirmation that commits
  -- first leaves this update nothing to do (its condition is checked again on the row as committed), and one
  -- that comes after finds the request closed.
  WITH expired AS (
    UPDATE request_links l SET closed_reason = 'unconfirmed', closed_at = now()
    FROM bookings b
    WHERE l.booking_id = b.id AND b.property_id = p_property AND b.status = 'pending'
      AND l.confirmed_at IS NULL AND l.closed_reason IS NULL AND l.confirm_by <= now()
    RETURNING l.booking_id
  )
  UPDATE bookings SET status = 'cancelled', updated_at = now()
  WHERE id IN (SELECT booking_id FROM expired) AND status = 'pending';
  GET DIAGNOSTICS v_count = ROW_COUNT;
  PERFORM set_config('app.actor', coalesce(v_actor, ''), true), set_config('app.actor_id', coalesce(v_actor_id, ''), true);
  RETURN v_count;
END
$$;
REVOKE ALL ON FUNCTION release_unconfirmed_requests(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION release_unconfirmed_requests(uuid) TO villa_guest, villa_app;

-- Where the operator's notifications go when OPERATOR_NOTIFY_EMAIL is unset: the property owner's e-mail.
-- The public role (which acts for no operator) may ask it for any property: it tells the operator of
-- requests. A channel sync runs as villa_app for the property's operator and may ask for their own
-- properties only.
CREATE OR REPLACE FUNCTION operator_notify_address(p_property_id uuid)
  RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT o.email FROM properties p JOIN operators o ON o.id = p.owner_id
  WHERE p.id = p_property_id
    AND (app_current_operator_id() IS NULL OR p.owner_id = app_current_operator_id())
$$;
REVOKE ALL ON FUNCTION operator_notify_address(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION operator_notify_address(uuid) TO villa_guest, villa_app;

-- ---------------------------------------------------------------------------------------------------------
-- Channels

-- An export URL's token names a property (its whole calendar) or one connection (the calendar without
-- that connection's stays and blocks). The public role may not read tokens; it may only ask this function,
-- which takes the token as the URL carries it and finds the row by its hash (sha256, hex, as the server
-- stores it): a current address, or one replaced by a rotation until its expiry (by app_now(), the server's
-- clock). It notes who read which address (the reader the server named from the User-Agent), and when a
-- connection's channel last read its export (to tell an echo from a new sale).
DROP FUNCTION IF EXISTS resolve_calendar_export(text);
CREATE OR REPLACE FUNCTION resolve_calendar_export(p_token text, p_reader text, p_user_agent text)
  RETURNS TABLE (out_property_id uuid, out_connection_id uuid)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_hash text := encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  v_property uuid;
  v_connection uuid;
BEGIN
  SELECT e.property_id INTO v_property FROM channel_exports e WHERE e.token = v_hash;
  IF NOT FOUND THEN
    UPDATE channel_connections c SET exported_at = now()
    WHERE c.export_token = v_hash
    RETURNING c.property_id, c.id INTO v_property, v_connection;
  END IF;
  IF v_property IS NULL THEN
    SELECT r.property_id, r.connection_id INTO v_property, v_connection
    FROM channel_export_retired_tokens r WHERE r.token = v_hash AND r.expires_at > app_now();
    IF v_connection IS NOT NULL THEN
      UPDATE channel_connections c SET exported_at = now() WHERE c.id = v_connection;
    END IF;
  END IF;
  IF v_property IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO channel_export_reads AS r (token, property_id, connection_id, reader, user_agent, last_read_at)
  VALUES (v_hash, v_property, v_connection, p_reader, left(p_user_agent, 300), app_now())
  ON CONFLICT (token, reader) DO UPDATE SET user_agent = EXCLUDED.user_agent, last_read_at = EXCLUDED.last_read_at;
  RETURN QUERY SELECT v_property, v_connection;
END
$$;
REVOKE ALL ON FUNCTION resolve_calendar_export(text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION resolve_calendar_export(text, text, text) TO villa_guest;

-- ---------------------------------------------------------------------------------------------------------
-- The audit log (audit_events), written by triggers (30-triggers.sql)

-- A row's secrets as the audit log shows them. A secret column (a hash, token or key) becomes a constant
-- mask, not a fingerprint: even a short digest of a guessable secret can be checked offline, and the
-- operator needs only to see that it changed. An address column (a feed URL, whose path or query holds the
-- channel's own secret) keeps its scheme and host. Null stays null, so setting and clearing still show.
CREATE OR REPLACE FUNCTION audit_mask_secrets(p_row jsonb, p_secrets text[], p_addresses text[], p_mask text)
  RETURNS jsonb
  LANGUAGE plpgsql IMMUTABLE
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_row jsonb := p_row;
  v_key text;
BEGIN
  IF v_row IS NULL THEN
    RETURN NULL;
  END IF;
  FOREACH v_key IN ARRAY coalesce(p_secrets, '{}'::text[]) LOOP
    IF v_row ? v_key AND jsonb_typeof(v_row->v_key) <> 'null' THEN
      v_row := jsonb_set(v_row, ARRAY[v_key], to_jsonb(p_mask));
    END IF;
  END LOOP;
  FOREACH v_key IN ARRAY coalesce(p_addresses, '{}'::text[]) LOOP
    IF v_row ? v_key AND jsonb_typeof(v_row->v_key) <> 'null' THEN
      v_row := jsonb_set(v_row, ARRAY[v_key], to_jsonb(CASE
        WHEN v_row->>v_key ~* '^[a-z][a-z0-9+.-]*://' THEN
          regexp_replace(v_row->>v_key, '^([a-z][a-z0-9+.-]*://)([^/?#]*@)?([^/?#]*).*$', '\1\3/…', 'i')
        ELSE p_mask
      END));
    END IF;
  END LOOP;
  RETURN v_row;
END
$$;
REVOKE ALL ON FUNCTION audit_mask_secrets(jsonb, text[], text[], text) FROM PUBLIC;

-- Writes the audit log in the transaction of each change, as the table's owner: the application roles may
-- read their own operator's events and never insert, change or delete one. The actor is what the
-- transaction declared with set_config('app.actor', …, true) (operator, guest, channel_sync, system, cli); a
-- transaction that declared nothing gets the trigger's default.
--
-- Arguments: entity type, default actor, columns left out (bookkeeping that is no change of its own),
-- secret columns (shown as "[secret]", and "[secret changed]" after an update), and address columns (scheme
-- and host only). What changed is found on the real values, so a changed secret is still an event.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
DECLARE
  v_entity text := TG_ARGV[0];
  v_ignored text[] := string_to_array(TG_ARGV[2], ',');
  v_secrets text[] := string_to_array(TG_ARGV[3], ',');
  v_addresses text[] := CASE WHEN TG_NARGS > 4 THEN string_to_array(TG_ARGV[4], ',') END;
  v_old jsonb;
  v_new jsonb;
  v_row jsonb;
  v_before jsonb;
  v_after jsonb;
  v_key text;
  v_property uuid;
  v_operator uuid;
  v_entity_id text;
  v_actor text := coalesce(nullif(current_setting('app.actor', true), ''), TG_ARGV[1]);
  v_actor_id text := nullif(current_setting('app.actor_id', true), '');
BEGIN
  IF TG_OP <> 'INSERT' THEN v_old := to_jsonb(OLD) - v_ignored; END IF;
  IF TG_OP <> 'DELETE' THEN v_new := to_jsonb(NEW) - v_ignored; END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Only what changed; an update that changed nothing worth recording leaves no event.
    v_before := '{}'::jsonb;
    v_after := '{}'::jsonb;
    FOR v_key IN SELECT jsonb_object_keys(v_new) LOOP
      IF (v_old->v_key) IS DISTINCT FROM (v_new->v_key) THEN
        v_before := v_before || jsonb_build_object(v_key, v_old->v_key);
        v_after := v_after || jsonb_build_object(v_key, v_new->v_key);
      END IF;
    END LOOP;
    IF v_after = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
    v_before := audit_mask_secrets(v_before, v_secrets, v_addresses, '[secret]');
    v_after := audit_mask_secrets(v_after, v_secrets, v_addresses, '[secret changed]');
  ELSE
    v_before := audit_mask_secrets(v_old, v_secrets, v_addresses, '[secret]');
    v_after := audit_mask_secrets(v_new, v_secrets, v_addresses, '[secret]');
  END IF;
  v_row := coalesce(to_jsonb(NEW), to_jsonb(OLD));
  IF TG_TABLE_NAME = 'properties' THEN
    v_property := (v_row->>'id')::uuid;
    v_operator := (v_row->>'owner_id')::uuid;
    v_entity_id := v_row->>'id';
  ELSIF TG_TABLE_NAME = 'operators' THEN
    v_operator := (v_row->>'id')::uuid;
    v_entity_id := v_row->>'id';
  ELSIF TG_TABLE_NAME = 'operator_sessions' THEN
    v_operator := (v_row->>'operator_id')::uuid;
    -- The stored id is a hash of the cookie's token; a prefix names the session without repeating it.
    v_entity_id := left(v_row->>'id', 12);
    v_before := v_before - 'id';
    v_after := v_after - 'id';
  ELSIF TG_TABLE_NAME IN ('business_profiles', 'business_contacts') THEN
    v_operator := (v_row->>'operator_id')::uuid;
    v_entity_id := v_row->>'operator_id';
  ELSIF TG_TABLE_NAME IN ('payments', 'gateway_refunds') THEN
    -- A ledger entry (or a refund through the gateway) belongs to its booking's property.
    SELECT b.property_id, p.owner_id INTO v_property, v_operator
    FROM bookings b JOIN properties p ON p.id = b.property_id WHERE b.id = (v_row->>'booking_id')::uuid;
    v_entity_id := v_row->>'id';
  ELSE
    v_property := (v_row->>'property_id')::uuid;
    SELECT p.owner_id INTO v_operator FROM properties p WHERE p.id = v_property;
    v_entity_id := CASE
      WHEN TG_TABLE_NAME = 'property_calendar' THEN (v_row->>'property_id') || '/' || (v_row->>'date')
      WHEN TG_TABLE_NAME IN ('pricing_rules', 'payment_settings') THEN v_row->>'property_id'
      WHEN TG_TABLE_NAME = 'message_templates' THEN (v_row->>'property_id') || '/' || (v_row->>'kind')
      ELSE v_row->>'id'
    END;
  END IF;
  IF v_actor = 'operator' AND v_actor_id IS NULL THEN
    v_actor_id := nullif(current_setting('app.operator_id', true), '');
  END IF;
  INSERT INTO audit_events (occurred_at, operator_id, actor, actor_id, entity_type, entity_id, property_id, action,
    before, after)
  VALUES (app_now(), coalesce(v_operator, nullif(current_setting('app.operator_id', true), '')::uuid), v_actor,
          v_actor_id, v_entity, v_entity_id, v_property, lower(TG_OP), v_before, v_after);
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION audit_row_change() FROM PUBLIC;
