import './zod-without-eval';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('is told not to compile parsers with eval, which the pages’ Content-Security-Policy refuses', () => {
    expect(z.config().jitless).toBe(true);
    // Schemas still parse, without the compiled fast path.
    expect(z.object({ name: z.string() }).parse({ name: 'Asha' })).toEqual({ name: 'Asha' });
  });
});
