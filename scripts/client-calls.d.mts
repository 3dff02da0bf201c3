import type { Plugin } from 'vite';

export function clientSharedModules(): Plugin;
export function applyEdits(code: string, edits: [number, number, string][]): string;
