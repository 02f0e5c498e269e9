-- The triggers, as they are today. Every trigger of the application's tables is dropped first and created
-- again below, so a trigger removed here is removed from the database.
DO $$
DECLARE
  v_trigger record;
BEGIN
  FOR v_trigger IN
    SELECT t.tgname, t.tgrelid::regclass AS tbl FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', v_trigger.tgname, v_trigger.tbl);
  END LOOP;
END
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The audit log: every business table's changes, written by audit_row_change() (10-functions.sql) with
-- the arguments: entity type, default actor, columns left out (bookkeeping that is no change of its own),
-- secret columns, address columns. Every audited column whose name says hash, token, secret, password or
-- key is a secret (audit-secrets.api.test.ts checks it); a feed's address carries the channel's secret.
-- Which tables are audited, and why the others are not: rules.api.test.ts.

CREATE TRIGGER properties_audit AFTER INSERT OR UPDATE OR DELETE ON properties
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('property', 'system', 'updated_at', '');

-- A guest's Idempotency-Key answers a replay of their request: kept out of sight like any key.
CREATE TRIGGER bookings_audit AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('booking', 'system', 'updated_at,request_fingerprint', 'request_key', '');

CREATE TRIGGER property_calendar_audit AFTER INSERT OR UPDATE OR DELETE ON property_calendar
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('calendar_day', 'system', 'created_at', '');

CREATE TRIGGER pricing_rules_audit AFTER INSERT OR UPDATE OR DELETE ON pricing_rules
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('pricing_rules', 'system', 'updated_at', '');

-- A sync's bookkeeping (what it read, when, its result and what it left out) is no change of the connection.
CREATE TRIGGER channel_connections_audit AFTER INSERT OR UPDATE OR DELETE ON channel_connections
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('channel_connection', 'system',
    'updated_at,etag,last_modified,feed_body,last_attempt_at,last_synced_at,last_error,last_error_code,last_result,left_out,next_sync_at,exported_at',
    'export_token', 'import_url');

-- Every conflict a sync finds and every decision on one: who, when, and why.
CREATE TRIGGER channel_conflicts_audit AFTER INSERT OR UPDATE OR DELETE ON channel_conflicts
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('channel_conflict', 'system', 'updated_at', '');

-- Every ledger entry, and every change of a property's payment settings.
CREATE TRIGGER payments_audit AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('payment', 'system', '', '');

-- Every refund through the gateway, from its intent to its outcome.
CREATE TRIGGER gateway_refunds_audit AFTER INSERT OR UPDATE OR DELETE ON gateway_refunds
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('gateway_refund', 'system', 'last_tried_at', '', '');

CREATE TRIGGER payment_settings_audit AFTER INSERT OR UPDATE OR DELETE ON payment_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('payment_settings', 'system', 'updated_at', '');

-- Every change of a property's scheduled guest messages (their words, timing, on or off).
CREATE TRIGGER message_templates_audit AFTER INSERT OR UPDATE OR DELETE ON message_templates
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('message_template', 'system', 'updated_at', '');

-- Every change of the business named on the invoices.
CREATE TRIGGER business_profiles_audit AFTER INSERT OR UPDATE OR DELETE ON business_profiles
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('business_profile', 'system', 'updated_at', '');

-- Every change of how guests reach the business (the site, the e-mails and the invoices give it).
CREATE TRIGGER business_contacts_audit AFTER INSERT OR UPDATE OR DELETE ON business_contacts
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('business_contact', 'system', 'updated_at', '');

-- Every document issued (its number, parties and amounts; the whole document is the invoice itself); none
-- is ever changed or removed, not even by the tables' owner.
CREATE TRIGGER invoices_audit AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('invoice', 'system', 'document', '');

CREATE TRIGGER invoices_never_change BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_invoice_change();

-- Only the fact that a password changed is kept.
CREATE TRIGGER operators_audit AFTER INSERT OR UPDATE OR DELETE ON operators
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('operator', 'system', 'updated_at', 'password_hash,env_password_hash', '');

-- Sessions are started and ended by signing in and out unless a transaction says otherwise. A session in
-- use is touched once a minute (last_used_at): not a change anyone needs in the log.
CREATE TRIGGER operator_sessions_audit AFTER INSERT OR UPDATE OR DELETE ON operator_sessions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('session', 'operator', 'last_used_at', '');

-- ---------------------------------------------------------------------------------------------------------
-- Each property's number of bookings (property_booking_counts; the functions are in 10-functions.sql).

CREATE TRIGGER bookings_count_inserted AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS inserted_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_bookings();

CREATE TRIGGER bookings_count_deleted AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS deleted_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_bookings();

-- A booking moved to another property (not something the application does).
CREATE TRIGGER bookings_count_moved AFTER UPDATE OF property_id ON bookings
  FOR EACH ROW WHEN (OLD.property_id IS DISTINCT FROM NEW.property_id)
  EXECUTE FUNCTION count_moved_booking();

CREATE TRIGGER bookings_count_truncated AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION count_truncated_bookings();

-- ---------------------------------------------------------------------------------------------------------
-- The payment ledger (functions in 10-functions.sql): each entry is checked against its booking, never
-- changed or deleted (TRUNCATE, which empties a whole database's bookings, is left to whoever may), and derives its booking's payment_status again; a booking's payment_status is always
-- the derived one, whatever a writer sets.

CREATE TRIGGER payments_check BEFORE INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION check_payment_entry();

CREATE TRIGGER gateway_refunds_check BEFORE INSERT ON gateway_refunds
  FOR EACH ROW EXECUTE FUNCTION check_gateway_refund();

CREATE TRIGGER payments_never_change BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION refuse_payment_change();

CREATE TRIGGER payments_derive_status AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION rederive_booking_payment_status();

-- What is owed is the total less its credit notes: a new invoice or credit note derives it again too.
CREATE TRIGGER invoices_derive_status AFTER INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION rederive_booking_payment_status();

CREATE TRIGGER bookings_stamp_confirmed_at BEFORE INSERT OR UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION stamp_booking_confirmed_at();

CREATE TRIGGER bookings_derive_payment_status
  BEFORE INSERT OR UPDATE OF payment_status, booking_source, total_amount, amount_known ON bookings
  FOR EACH ROW EXECUTE FUNCTION derive_booking_payment_status();
