// Vite plugin: index.html preloads the catalogue of the reader's language. Each language's texts
// are a chunk of their own (src/i18n/i18nProvider.ts) that the app imports before its first
// render; a few lines inline start that download beside the entry's instead of after it, for the
// language chosen earlier (localStorage or the elp_lang cookie, as src/i18n/language.ts reads
// them), else Russian.

/** The catalogue sources of each language (src/i18n/i18nProvider.ts `catalogues`). */
const CATALOGUES = {
  ru: ['src/i18n/ru/index.ts', 'src/i18n/raRussian.ts'],
  en: ['src/i18n/en/index.ts', 'src/i18n/raEnglish.ts'],
};

export function preloadLanguage() {
  return {
    name: 'elp-preload-language',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const filesOf = (sources) => {
          const files = new Set();
          const add = (chunk) => {
            if (!chunk || files.has(chunk.fileName)) return;
            files.add(chunk.fileName);
            for (const name of chunk.imports) add(chunks.find((c) => c.fileName === name));
          };
          for (const source of sources) add(chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source)));
          return [...files];
        };
        const map = Object.fromEntries(Object.entries(CATALOGUES).map(([lang, sources]) => [lang, filesOf(sources)]));
        if (Object.values(map).some((files) => files.length === 0)) throw new Error('preloadLanguage: a language catalogue is not a chunk of the build');
        const script =
          `(function(){var m=${JSON.stringify(map)},l;try{l=localStorage.getItem('elp_lang')}catch(e){}` +
          `if(!m[l]){var c=document.cookie.match(/(?:^|; )elp_lang=(\\w+)/);l=c&&c[1]}` +
          `(m[l]||m.ru).forEach(function(f){var k=document.createElement('link');k.rel='modulepreload';k.href='/'+f;document.head.appendChild(k)})})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
