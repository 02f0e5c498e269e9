import { z } from 'zod';

export const SampleDataSchema = z.object({
  sample_bookings: z.number().int().describe('Bookings the seed made up to show the product'),
});
export type SampleData = z.infer<typeof SampleDataSchema>;

export const RemovedSampleDataSchema = SampleDataSchema.extend({
  removed_bookings: z.number().int().describe('How many sample bookings were removed'),
});
export type RemovedSampleData = z.infer<typeof RemovedSampleDataSchema>;
