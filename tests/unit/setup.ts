import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Lazy screens compile on first use; on a busy two-core CI machine that takes longer than the
// default 1 s that findBy* waits. A passing test is not slowed by this, only a failing one.
configure({ asyncUtilTimeout: 10_000 });
