import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientDistDir } from '../paths.js';

/**
 * The SCORM launcher page on the content origin: it runs the SCORM runtime (scorm-again) where
 * the package finds it (window.API / API_1484_11 of the package frame's parent), talks to the
 * player only by postMessage, and is framed only by the app. Its script is the Vite entry
 * LAUNCHER_SOURCE: in a build the manifest names the chunks (served under ASSETS_PATH); without
 * one (`npm run dev`) Vite's dev server serves the source on the content host.
 */
export const LAUNCHER_SOURCE = 'src/learner/player/scorm/launcher/main.ts';
export const LAUNCHER_PATH = '/scorm/launcher';
const ASSETS_PATH = `${LAUNCHER_PATH}/assets`;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface LauncherBuild {
  /** the entry's URL on the content origin */
  script: string;
  /** file name → path under dist/client: the entry and the chunks it imports */
  assets: Map<string, string>;
}

/** The launcher's files from dist/client/.vite/manifest.json, or the dev server's source when there is no build. */
export function launcherBuild(distDir = clientDistDir): LauncherBuild {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const source = { script: `/${LAUNCHER_SOURCE}`, assets: new Map<string, string>() };
  if (!existsSync(manifestFile)) return source;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[LAUNCHER_SOURCE];
  // a build older than the launcher: SCORM does not play until `npm run build`, the rest does
  if (!entry) return source;
  const assets = new Map<string, string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    const name = chunk?.file.split('/').pop();
    if (!chunk || !name || assets.has(name)) return;
    assets.set(name, join(distDir, chunk.file));
    for (const dep of chunk.imports ?? []) add(dep);
  };
  add(LAUNCHER_SOURCE);
  return { script: `${ASSETS_PATH}/${entry.file.split('/').pop()}`, assets };
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page: the app's origin for the script's message checks, and the script. */
export function launcherHtml(appOrigin: string, script: string): string {
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="elp-app-origin" content="${attr(appOrigin)}">
<meta name="referrer" content="same-origin">
<title>SCORM</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{display:block;border:0;width:100%;height:100%}</style>
<script type="module" src="${attr(script)}"></script>
</head>
<body></body>
</html>
`;
}

/** Scripts from this origin only, framing of package pages of this origin, framed by the app alone. */
export function launcherPolicy(appOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${appOrigin}`,
  ].join('; ');
}

export { ASSETS_PATH as LAUNCHER_ASSETS_PATH };
