import type { Plugin } from 'vite';

export function emotionInsertsWhileRendering(): Plugin;
