-- A session in use is touched once a minute (last_used_at). That touch is not a change anyone needs in the
-- audit log: recording it added up to 1,440 events a day per session and buried the real ones. Sign-ins,
-- sign-outs and revocations (the session's insert and delete) are still recorded.
DROP TRIGGER IF EXISTS operator_sessions_audit ON operator_sessions;
--> statement-breakpoint
CREATE TRIGGER operator_sessions_audit AFTER INSERT OR UPDATE OR DELETE ON operator_sessions
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('session', 'operator', 'last_used_at', '');
