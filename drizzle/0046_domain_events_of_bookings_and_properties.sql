ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_kind_check";--> statement-breakpoint
ALTER TABLE "domain_events" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "property_id" uuid;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_subject_check" CHECK ("domain_events"."booking_id" is not null or "domain_events"."property_id" is not null);--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_kind_check" CHECK ("domain_events"."kind" in ('payment_recorded', 'invoice_issued', 'payment_link_made', 'booking_status_changed', 'booking_changed', 'booking_requested', 'channel_notice'));