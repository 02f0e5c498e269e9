import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The client checks each answer against its contract, loaded lazily on the first answer; loaded here,
// that first answer does not spend a test's waiting time on reading every schema.
import '@/domain/contracts/all-endpoints';

afterEach(() => cleanup());
