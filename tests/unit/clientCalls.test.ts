import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { applyEdits, pureConstantEdits, schemaEdits } from '../../scripts/client-calls.mjs';

/** The client build's shared modules (scripts/client-calls.mjs): what the browser gets of a call declaration. */
const source = `import { z } from 'zod';
import { defineCalls, returns } from '../http/call';
export const loadInput = z.object({ slideId: z.union([z.literal('start'), z.number().int()]) });
const LIMIT = 20;
/** Слайды */
export const slideCalls = defineCalls('Study', {
  load: { method: 'POST', path: '/api/Trainings/{courseId}/Pages', rule: 'student', body: loadInput, response: returns<{ id: number }>() },
  absent: { method: 'POST', path: '/api/Trainings/{courseId}/Absent', rule: 'student', query: z.object({ take: z.number().max(LIMIT) }) },
});
`;

describe('call declarations in the client build', () => {
  const program = parseAst(source, { lang: 'ts' }, 'calls.ts');
  const out = applyEdits(source, [...pureConstantEdits(program), ...schemaEdits(program)]);

  it('keeps method, path and rule but not the schemas of params, query, body and answer', () => {
    expect(out).toContain("load: { method: 'POST', path: '/api/Trainings/{courseId}/Pages', rule: 'student', body: undefined, response: undefined }");
    expect(out).toContain("rule: 'student', query: undefined }");
    expect(out).not.toContain('body: loadInput');
  });

  it('marks the top-level constants made by a call pure, so unused ones are left out', () => {
    expect(out).toContain('export const loadInput = /* @__PURE__ */ (() => (z.object(');
    expect(out).toContain("export const slideCalls = /* @__PURE__ */ (() => (defineCalls('Study',");
    expect(out).toContain('const LIMIT = 20;');
    // still valid code, Cyrillic comments and all
    expect(() => parseAst(out, { lang: 'ts' }, 'out.ts')).not.toThrow();
  });
});
