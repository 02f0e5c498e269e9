ALTER TABLE "properties" DROP CONSTRAINT "properties_property_type_check";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "event_capacity" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_event_capacity_check" CHECK ("properties"."event_capacity" is null or "properties"."event_capacity" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_property_type_check" CHECK ("properties"."property_type" in ('villa', 'apartment', 'house', 'condo', 'cottage', 'bungalow', 'farmhouse', 'homestay', 'room'));