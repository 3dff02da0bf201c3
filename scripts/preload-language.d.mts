import type { Plugin } from 'vite';

export function preloadLanguage(): Plugin;
