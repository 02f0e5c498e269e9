CREATE TABLE "pricing_rules" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The operator edits their properties' rules; the public form reads the site property's rules to quote.
GRANT SELECT, INSERT, UPDATE, DELETE ON pricing_rules TO villa_app;
--> statement-breakpoint
ALTER TABLE pricing_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY pricing_rules_owner ON pricing_rules TO villa_app
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = pricing_rules.property_id AND p.owner_id = app_current_operator_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM properties p WHERE p.id = pricing_rules.property_id AND p.owner_id = app_current_operator_id()));
--> statement-breakpoint
GRANT SELECT (property_id, rules) ON pricing_rules TO villa_guest;
--> statement-breakpoint
CREATE POLICY pricing_rules_guest_read ON pricing_rules FOR SELECT TO villa_guest
  USING (EXISTS (SELECT 1 FROM properties p WHERE p.id = pricing_rules.property_id AND p.is_active));
