// Types of scripts/precompress.mjs for vite.config.ts (the script itself is plain Node).
import type { Plugin } from 'vite';

export function precompress(dir: string): number;
export function precompressPlugin(): Plugin;
