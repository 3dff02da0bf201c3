/**
 * The app kit: what learner pages and the layout take from the app (texts, language, toasts,
 * the browser store, loading, confirmation, page title, menu state). It works in both areas:
 * its hooks read the contexts both shells provide — the learner shell with ./AppProviders,
 * react-admin's <Admin> with its own providers over the same store, i18n provider and query
 * client — so a header or a learner component renders the same inside the admin app. It
 * imports light context modules of ra-core only, never react-admin's app (that loads with
 * the admin screens). Pop-ups are not in this index (import ./Confirm itself): whatever it lists
 * is in every first load.
 */
export { useNotify, useStoreContext, useTranslate } from 'ra-core';
export { useLocaleState } from './i18n';
export { useStore } from './store';
export { Deferred } from './Deferred';
export { Loading } from './Loading';
export { Title } from './Title';
export { useSidebarState } from './useSidebarState';
