// Vite plugin: emotion's styled components insert their rules while rendering instead of in the
// commit (src/app/styleInsertion.ts says why). It resolves emotion's own
// @emotion/use-insertion-effect-with-fallbacks to that module. The build uses it, so the e2e tests
// and the bench run what users get; the dev server's pre-bundled emotion and the unit tests'
// external one keep emotion's own, which changes when rules are written, not which.
import { join } from 'node:path';

export function emotionInsertsWhileRendering() {
  let ours;
  return {
    name: 'elp-emotion-insertion',
    enforce: 'pre',
    configResolved(config) {
      ours = join(config.root, 'src/app/styleInsertion.ts');
    },
    resolveId(source, importer) {
      if (source === '@emotion/use-insertion-effect-with-fallbacks' && importer && /[\\/]@emotion[\\/]/.test(importer)) return ours;
      return null;
    },
  };
}
