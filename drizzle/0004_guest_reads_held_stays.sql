-- A guest request needs to see only the stays that hold nights (pending or confirmed), not cancelled or
-- completed ones: narrow what villa_guest may read.
ALTER POLICY bookings_guest_read ON bookings USING (status IN ('pending', 'confirmed'));
