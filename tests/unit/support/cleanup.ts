import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// the unit project runs without globals, so Testing Library does not clean up by itself
afterEach(cleanup);
