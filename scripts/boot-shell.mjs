// Vite plugin: the boot shell, what index.html shows and starts before the app's scripts run.
//  - The catalogue of the reader's language (each language's texts are a chunk of their own,
//    src/i18n/i18nProvider.ts) is preloaded with the entry, for the language chosen earlier
//    (localStorage or the elp_lang cookie, as src/i18n/language.ts reads them), else Russian.
//  - The app's name (the title and the header's place: index.html has the Russian one) is written
//    in that language (src/i18n/*/common.ts appName), as the app will show it.
//  - On a first visit the cookie banner (spec 1 §2.4) is painted at once, in that language, with
//    the catalogue's texts (src/i18n/*/consent.ts) and index.html's styles (the same box as
//    src/layout/CookieBanner.tsx, which replaces it when the app renders); its «Принять» and ×
//    work already (the same keys as the app: src/layout/CookieBanner.tsx).
//  - The app's scripts (the entry, its imports, the catalogue) are asked for right after the
//    shell's first paint, so that paint never waits for them — on a fast network a phone would
//    otherwise get the scripts first and show nothing while it parses and runs them; the cost is
//    one frame of the download (a hidden tab paints nothing and starts at once; a second is the
//    limit if no frame comes).
// The server allows this inline script by its hash (server/http/clientFiles.ts inlineScriptSources).
import { common as enCommon } from '../src/i18n/en/common.ts';
import { consent as en } from '../src/i18n/en/consent.ts';
import { common as ruCommon } from '../src/i18n/ru/common.ts';
import { consent as ru } from '../src/i18n/ru/consent.ts';

/** The catalogue sources of each language (src/i18n/i18nProvider.ts `catalogues`; react-admin's own texts come with the admin bundle). */
const CATALOGUES = {
  ru: ['src/i18n/ru/index.ts'],
  en: ['src/i18n/en/index.ts'],
};

/** The cookie banner's texts per language. */
const BANNER = Object.fromEntries(
  Object.entries({ ru, en }).map(([lang, c]) => [lang, { title: c.cookies.title, text: c.cookies.text, more: c.cookies.more, accept: c.cookies.accept, dismiss: c.cookies.dismiss }]),
);

/** The app's name per language. */
const NAMES = { ru: ruCommon.appName, en: enCommon.appName };

/** MUI's Close icon (the banner's ×). */
const CLOSE_PATH = 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z';

/** The boot script (ES5: it runs before anything else, in any browser the app supports). */
function bootScript(preloads, entry, entryImports) {
  return `(function(){var m=${JSON.stringify(preloads)},t=${JSON.stringify(BANNER)},l,d=document;
try{l=localStorage.getItem('elp_lang')}catch(e){}
if(!m[l]){var c=d.cookie.match(/(?:^|; )elp_lang=(\\w+)/);l=c&&c[1]}
if(!m[l])l='ru';d.documentElement.lang=l;
var n=${JSON.stringify(NAMES)}[l],h=d.querySelector('.boot-header');d.title=n;if(h)h.textContent=n;
var K='elp_cookie_consent',get=function(s){try{return s.getItem(K)}catch(e){return null}},put=function(s,v){try{s.setItem(K,v)}catch(e){}};
if(get(localStorage)!=='accepted'&&get(sessionStorage)!=='dismissed'){
var x=t[l],el=function(tag,cls,text){var e=d.createElement(tag);if(cls)e.className=cls;if(text)e.textContent=text;return e};
var b=el('div','boot-banner');b.setAttribute('role','region');b.setAttribute('aria-label',x.title);
var p=el('p',0,x.text+' '),more=el('button','boot-more',x.more);more.type='button';p.appendChild(more);b.appendChild(p);
var a=el('div','boot-actions'),ok=el('button','boot-accept',x.accept),no=el('button','boot-close');ok.type=no.type='button';
no.setAttribute('aria-label',x.dismiss);no.innerHTML='<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${CLOSE_PATH}"/></svg>';
ok.onclick=function(){put(localStorage,'accepted');b.remove()};no.onclick=function(){put(sessionStorage,'dismissed');b.remove()};
a.appendChild(ok);a.appendChild(no);b.appendChild(a);(d.getElementById('root')||d.body).appendChild(b)}
var go=function(){if(go.done)return;go.done=1;var pre=function(h){var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='anonymous';k.href=h;d.head.appendChild(k)};
${JSON.stringify(entryImports)}.forEach(pre);m[l].forEach(function(f){pre('/'+f)});
var s=d.createElement('script');s.type='module';s.crossOrigin='anonymous';s.src=${JSON.stringify(entry)};d.head.appendChild(s)};
if(d.visibilityState==='hidden')go();else{requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)}})()`.replace(/\n/g, '');
}

export function bootShell() {
  return {
    name: 'elp-boot-shell',
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
        const preloads = Object.fromEntries(Object.entries(CATALOGUES).map(([lang, sources]) => [lang, filesOf(sources)]));
        if (Object.values(preloads).some((files) => files.length === 0)) throw new Error('bootShell: a language catalogue is not a chunk of the build');
        // Vite's entry tag and its preloads leave the page: the boot script asks for them after the first paint
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
        const entry = entryTag.exec(html)?.[1];
        if (!entry) throw new Error('bootShell: no entry <script type="module"> in index.html');
        const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
        const entryImports = [...html.matchAll(preloadTag)].map((m) => m[1]);
        return {
          html: html.replace(entryTag, '').replace(preloadTag, ''),
          tags: [{ tag: 'script', children: bootScript(preloads, entry, entryImports), injectTo: 'body' }],
        };
      },
    },
  };
}
