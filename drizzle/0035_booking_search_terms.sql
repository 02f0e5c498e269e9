CREATE INDEX "bookings_guest_phone_digits_trgm_idx" ON "bookings" USING gin (regexp_replace("guest_phone", '[^0-9]', '', 'g') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "bookings_external_booking_id_upper_idx" ON "bookings" USING btree (upper("external_booking_id"));--> statement-breakpoint
CREATE INDEX "invoices_operator_number_upper_idx" ON "invoices" USING btree ("operator_id",upper("number"));--> statement-breakpoint
CREATE INDEX "payments_reference_upper_idx" ON "payments" USING btree (upper("reference"));