CREATE TABLE "invoice_series" (
	"operator_id" uuid NOT NULL,
	"series" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_series_operator_id_series_fiscal_year_pk" PRIMARY KEY("operator_id","series","fiscal_year"),
	CONSTRAINT "invoice_series_series_check" CHECK ("invoice_series"."series" in ('invoice', 'credit_note', 'receipt')),
	CONSTRAINT "invoice_series_last_number_check" CHECK ("invoice_series"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"currency" text NOT NULL,
	"taxable_value" numeric(12, 2) NOT NULL,
	"cgst" numeric(12, 2) NOT NULL,
	"sgst" numeric(12, 2) NOT NULL,
	"igst" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"corrects_invoice_id" uuid,
	"reason" text,
	"recipient_name" text NOT NULL,
	"recipient_gstin" text,
	"place_of_supply" text,
	"document" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('tax_invoice', 'bill_of_supply', 'receipt', 'credit_note')),
	CONSTRAINT "invoices_series_check" CHECK ("invoices"."series" in ('invoice', 'credit_note', 'receipt')),
	CONSTRAINT "invoices_number_check" CHECK (length("invoices"."number") between 1 and 16),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" >= 1),
	CONSTRAINT "invoices_currency_check" CHECK ("invoices"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."taxable_value" >= 0 and "invoices"."cgst" >= 0 and "invoices"."sgst" >= 0 and "invoices"."igst" >= 0 and "invoices"."total" = "invoices"."taxable_value" + "invoices"."cgst" + "invoices"."sgst" + "invoices"."igst"),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."corrects_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_operator_number_key" ON "invoices" USING btree ("operator_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_sequence_key" ON "invoices" USING btree ("operator_id","series","fiscal_year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_operator_issued_idx" ON "invoices" USING btree ("operator_id","issued_on","number");--> statement-breakpoint
CREATE INDEX "invoices_corrects_idx" ON "invoices" USING btree ("corrects_invoice_id");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('request_received', 'request_received_operator', 'request_confirmed', 'request_declined', 'booking_cancelled', 'request_lapsed', 'request_withdrawn', 'request_withdrawn_operator', 'channel_conflicts_operator', 'channel_unhealthy_operator', 'channel_recovered_operator', 'payment_reminder', 'payment_received_operator', 'payment_link', 'invoice_issued'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_state_code_check" CHECK ("properties"."state_code" ~ '^[0-9]{2}$');