// Types of scripts/offline-precache.mjs for vite.config.ts (the script itself is plain Node).
import type { ManifestTransform } from 'workbox-build';

export function playerFiles(distDir: string): Set<string>;
export function onlyPlayerFiles(distDir: string): ManifestTransform;
