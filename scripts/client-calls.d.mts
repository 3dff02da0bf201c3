import type { Plugin } from 'vite';

export function clientSharedModules(): Plugin;
export function applyEdits(code: string, edits: [number, number, string][]): string;
export function schemaEdits(program: unknown): [number, number, string][];
export function pureConstantEdits(program: unknown): [number, number, string][];
