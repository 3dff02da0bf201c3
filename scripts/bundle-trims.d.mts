import type { Plugin } from 'vite';

export function muiThemesWithoutCssVariables(): Plugin;
export function reactRouterWithoutDeadCode(): Plugin;
export function trimReactRouter(code: string): string;
