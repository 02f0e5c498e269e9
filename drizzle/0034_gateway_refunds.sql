CREATE TABLE "gateway_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_entry_id" uuid NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_refund_id" text,
	"refund_entry_id" uuid,
	"received_on" date NOT NULL,
	"note" text,
	"failure" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_tried_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"created_by" uuid,
	CONSTRAINT "gateway_refunds_status_check" CHECK ("gateway_refunds"."status" in ('pending', 'made', 'failed')),
	CONSTRAINT "gateway_refunds_amount_check" CHECK ("gateway_refunds"."amount" > 0),
	CONSTRAINT "gateway_refunds_currency_check" CHECK ("gateway_refunds"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "gateway_refunds_made_check" CHECK ("gateway_refunds"."status" <> 'made' or ("gateway_refunds"."gateway_refund_id" is not null and "gateway_refunds"."refund_entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_payment_entry_id_payments_id_fk" FOREIGN KEY ("payment_entry_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_refund_entry_id_payments_id_fk" FOREIGN KEY ("refund_entry_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_refunds_booking_idx" ON "gateway_refunds" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "gateway_refunds_pending_idx" ON "gateway_refunds" USING btree ("last_tried_at") WHERE "gateway_refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_refunds_gateway_refund_id_key" ON "gateway_refunds" USING btree ("gateway_refund_id");