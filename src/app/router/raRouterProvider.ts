import { createElement, Fragment, useCallback, useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, Route, Routes, matchPath, useInRouterContext, useLocation, useMatch, useNavigate, useParams } from 'react-router-dom';
// types only: at build time this module stands in for ra-core's own adapter (vite.config.ts), so
// it must not import ra-core at run time
import type { RouterProvider, RouterWrapperProps } from 'ra-core';
import { AppRouter, useGuardedHistory } from './AppRouter';
import { useNavigationBlocker } from './useNavigationBlocker';

/** react-admin's navigate stays the same function across renders: forms keep it in effects' dependencies. */
function useStableNavigate(): ReturnType<RouterProvider['useNavigate']> {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback((to, options) => (typeof to === 'number' ? latest.current(to) : latest.current(to, options)), []);
}

/** react-admin inside an app without a router gets one (the app always has one: AppRouter). */
function RouterWrapper({ children }: RouterWrapperProps) {
  return useInRouterContext() ? createElement(Fragment, null, children) : createElement(AppRouter, null, children);
}

/**
 * react-admin's router adapter over AppRouter: react-router's components and hooks, with
 * navigation blocking (a form's warnWhenUnsavedChanges) from the app's own history guard, since
 * the app does not run react-router's data router. Passed to <Admin> and provided to the learner
 * area (src/app/AppProviders.tsx).
 */
export const appRouterProvider: RouterProvider = {
  useNavigate: useStableNavigate,
  useLocation,
  useParams: useParams as RouterProvider['useParams'],
  useBlocker: useNavigationBlocker as RouterProvider['useBlocker'],
  useMatch: useMatch as RouterProvider['useMatch'],
  useInRouterContext,
  useCanBlock: () => useGuardedHistory() !== null,
  Link: Link as RouterProvider['Link'],
  Navigate: Navigate as RouterProvider['Navigate'],
  Route: Route as RouterProvider['Route'],
  Routes: Routes as RouterProvider['Routes'],
  Outlet: Outlet as RouterProvider['Outlet'],
  RouterWrapper,
  matchPath: matchPath as RouterProvider['matchPath'],
};

/**
 * The name ra-core imports its default adapter by: the build puts this module in the place of
 * ra-core's own, whose fallback router (react-router's createHashRouter) would otherwise pull the
 * whole data router into every page (vite.config.ts, `raRouterAdapter`).
 */
export { appRouterProvider as reactRouterProvider };
