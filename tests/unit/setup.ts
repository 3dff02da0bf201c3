import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy screens compile on first use; on a busy two-core CI machine that takes longer than the
// default 1 s that findBy* waits. A passing test is not slowed by this, only a failing one.
configure({ asyncUtilTimeout: 10_000 });

// The interface mirrors its language into the `elp_lang` cookie (src/i18n/language.ts); a test
// that renders in English must not leave the next one of its file in English.
afterEach(() => {
  document.cookie = 'elp_lang=; path=/; max-age=0';
});
