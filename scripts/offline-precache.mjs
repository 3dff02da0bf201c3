// The offline exam's precache (issue 31, src/offline/sw.ts): not the whole build (the admin
// screens' editors and spreadsheets are megabytes no student needs) but what the player can run
// without a network: the app's page and entry, the player's chunk and every chunk it may load
// later (the other steps, the question forms, the viewers, the texts), with their CSS.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app's entry: what it imports statically (every page's first load), not its lazy screens. */
const ENTRY = 'index.html';
/** The player: its chunk and every chunk it may load later (steps, question forms, viewers). */
const PLAYER = 'src/learner/player/PlayerPage.tsx';
/** The interface texts, loaded by the app's language (small; a student may switch language offline). */
const TEXTS = /^src\/i18n\//;
/** Chunks the player loads but never offline: the SCORM packages play from the content origin. */
const LEFT_OUT = /[\\/]scorm[\\/]/;

/** The build's files the player needs, from Vite's manifest (.vite/manifest.json). */
export function playerFiles(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
  const files = new Set([ENTRY]);
  const seen = new Set();
  const walk = (key, lazyToo) => {
    if (seen.has(key) || !manifest[key] || LEFT_OUT.test(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(lazyToo ? (chunk.dynamicImports ?? []) : [])]) walk(next, lazyToo);
  };
  walk(ENTRY, false);
  walk(PLAYER, true);
  for (const key of Object.keys(manifest)) if (TEXTS.test(key)) walk(key, false);
  return files;
}

/** A Workbox manifest transform keeping only the player's files. */
export function onlyPlayerFiles(distDir) {
  return async (entries) => {
    const keep = playerFiles(distDir);
    return { manifest: entries.filter((e) => keep.has(e.url.replace(/^\//, ''))), warnings: [] };
  };
}
