// Vite plugin: the shared modules (shared/**/*.ts) as the browser needs them, so zod stays out
// of the first load.
// - A call declaration (shared/calls/*.ts) carries the zod schemas of its params, query, body and
//   answer for the server, which validates with them; the browser needs only the method and the
//   path (src/http/client.ts). In the client build those four properties become `undefined`.
// - A top-level constant made by a call (a schema, a table of calls) is marked pure, so one that
//   no browser code reads is left out of the bundle. Shared modules are plain data (see
//   shared/http/call.ts): building their constants has no side effect.
// A schema a screen does use (a form's resolver) is still bundled, with that screen.

/** The properties of a call declaration that hold zod schemas (shared/http/call.ts CallSpec). */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);
const DECLARERS = new Set(['defineCalls', 'defineCall']);
const SHARED = /[\\/]shared[\\/].+\.ts$/;
const CALL_FILES = /[\\/]shared[\\/]calls[\\/].+\.ts$/;

function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) walk(v, visit);
    else if (value && typeof value === 'object') walk(value, visit);
  }
}

/** The objects declaring calls in a `defineCalls(tag, { ... })` or `defineCall({ ... })`. */
function callObjects(node) {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !DECLARERS.has(node.callee.name)) return [];
  if (node.callee.name === 'defineCall') return node.arguments[0]?.type === 'ObjectExpression' ? [node.arguments[0]] : [];
  const table = node.arguments[1];
  if (table?.type !== 'ObjectExpression') return [];
  return table.properties.flatMap((p) => (p.type === 'Property' && p.value.type === 'ObjectExpression' ? [p.value] : []));
}

/** Edits `[start, end, text]` that replace the schema properties' values with `undefined`. */
export function schemaEdits(program) {
  const edits = [];
  walk(program, (node) => {
    for (const call of callObjects(node)) {
      for (const p of call.properties) {
        if (p.type === 'Property' && !p.computed && !p.shorthand && p.key.type === 'Identifier' && SCHEMA_KEYS.has(p.key.name)) edits.push([p.value.start, p.value.end, 'undefined']);
      }
    }
  });
  return edits;
}

/** Edits that wrap each top-level `const x = call(...)` in a pure IIFE: `/* @__PURE__ *\/ (() => call(...))()`. */
export function pureConstantEdits(program) {
  const edits = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations) {
      if (d.init?.type !== 'CallExpression') continue;
      edits.push([d.init.start, d.init.start, '/* @__PURE__ */ (() => ('], [d.init.end, d.init.end, '))()']);
    }
  }
  return edits;
}

/** Applies non-overlapping edits (insertions may sit at a replacement's edge). */
export function applyEdits(code, edits) {
  // from the end, so earlier positions stay valid; at one position, replacements before insertions
  const sorted = [...edits].sort((a, b) => b[0] - a[0] || (b[1] - b[0]) - (a[1] - a[0]));
  let out = code;
  for (const [start, end, text] of sorted) out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
}

export function clientSharedModules() {
  return {
    name: 'elp-client-shared-modules',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SHARED.test(id)) return null;
      const program = this.parse(code, { lang: 'ts' });
      const edits = [...pureConstantEdits(program), ...(CALL_FILES.test(id) ? schemaEdits(program) : [])];
      if (edits.length === 0) return null;
      return { code: applyEdits(code, edits), map: null };
    },
  };
}
