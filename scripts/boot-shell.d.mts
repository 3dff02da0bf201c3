import type { Plugin } from 'vite';

export function bootShell(): Plugin;
