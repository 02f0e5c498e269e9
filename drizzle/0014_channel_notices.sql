ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "unhealthy_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('request_received', 'request_received_operator', 'request_confirmed', 'request_declined', 'booking_cancelled', 'request_lapsed', 'request_withdrawn', 'request_withdrawn_operator', 'channel_conflicts_operator', 'channel_unhealthy_operator', 'channel_recovered_operator'));--> statement-breakpoint

-- A channel sync runs as villa_app for the property's operator and tells them of conflicts and of a
-- connection that stopped syncing: it may ask where their notifications go, for their own properties only
-- (the public role, which acts for no operator, may still ask for any: it tells the operator of requests).
CREATE OR REPLACE FUNCTION operator_notify_address(p_property_id uuid)
  RETURNS text
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
AS $$
  SELECT o.email FROM properties p JOIN operators o ON o.id = p.owner_id
  WHERE p.id = p_property_id
    AND (app_current_operator_id() IS NULL OR p.owner_id = app_current_operator_id())
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION operator_notify_address(uuid) TO villa_app;
