// Types of scripts/report-first-load.mjs for vite.config.ts (the script itself is plain Node).
import type { Plugin } from 'vite';

export interface FirstLoadReport {
  entry: string;
  pages: Record<string, { files: string[]; gzipKb: number }>;
  admin: { gzipKb: number; files: number };
  adminEntries: Record<string, string>;
  adminLibraries: Record<string, string[]>;
}

export const LEARNER_PAGES: Record<string, string[]>;
export const FIRST_LOAD_GOAL_KB: number;
export const FIRST_LOAD_CEILING_KB: Record<string, number>;
export const ADMIN_LIBRARIES: RegExp;
export const REPORT_FILE: string;
export function adminLibrariesByFile(bundle: Record<string, { type: string; fileName: string; moduleIds?: string[] }>): Record<string, string[]>;
export function firstLoadReport(outDir: string, adminLibraries?: Record<string, string[]>): FirstLoadReport;
export function printReport(report: FirstLoadReport, log?: (line: string) => void): string[];
export function reportFirstLoad(): Plugin;
