/**
 * Addresses outside the app, configurable at build time (VITE_* variables). The spec names
 * these places but not their targets (spec 1 §1, §2.4, §2.6).
 */
const env = import.meta.env;

/** The second header logo: the organisation's own site. */
export const ORGANISATION_URL: string = env.VITE_ORGANISATION_URL || 'https://www.example.edu';
/**
 * The old version of the platform (settings menu, feature flag oldDesign) and Root's
 * old-design administration panel. ELP has no old site of its own: without a configured
 * address the two links are not shown rather than pointing nowhere.
 */
export const OLD_SITE_URL: string | null = env.VITE_OLD_SITE_URL || null;
export const OLD_ADMIN_URL: string | null = env.VITE_OLD_ADMIN_URL || null;
/** The user's profile at the identity service (profile menu); our own profile screen by default. */
export const IDENTITY_PROFILE_URL: string = env.VITE_IDENTITY_PROFILE_URL || '/profile';
/** Technical support (spec 1 §1: support e-mail). */
export const SUPPORT_EMAIL: string = env.VITE_SUPPORT_EMAIL || 'support@example.edu';

export const isExternal = (url: string) => /^[a-z]+:/i.test(url);
