import { describe, expect, it } from 'vitest';
import { headerLayoutFor } from '../../src/layout/useHeaderLayout';

describe('header layout (spec 1 §2.4)', () => {
  it('switches at 1000, 1240 and 1580 px', () => {
    expect(headerLayoutFor(375)).toBe('mobile');
    expect(headerLayoutFor(999)).toBe('mobile');
    expect(headerLayoutFor(1000)).toBe('tablet');
    expect(headerLayoutFor(1239)).toBe('tablet');
    expect(headerLayoutFor(1240)).toBe('laptop');
    expect(headerLayoutFor(1579)).toBe('laptop');
    expect(headerLayoutFor(1580)).toBe('full');
    expect(headerLayoutFor(1920)).toBe('full');
  });
});
