import type { Principal, Role } from '../../shared/permissions';

/**
 * Feature flags (spec 1 §6): a check passes when the user's role and all required
 * permissions match one rule; a rule may be limited to production builds.
 */
export type Feature = 'localization' | 'oldDesign';

export interface FeatureRule {
  roles: readonly Role[];
  permissions?: readonly string[];
  productionOnly?: boolean;
}

export const featureRules: Record<Feature, readonly FeatureRule[]> = {
  // Spec 1 §6 turns localisation on for guests and students. ELP also lets instructors and
  // Root switch language: issue 2's end-to-end test switches the language for every role.
  localization: [{ roles: ['Guest', 'Students', 'Instructors', 'Root'] }],
  oldDesign: [{ roles: ['Instructors', 'Root'] }],
};

export function isFeatureEnabled(
  feature: Feature,
  principal: Principal,
  production: boolean = import.meta.env.PROD,
): boolean {
  return featureRules[feature].some(
    (rule) =>
      rule.roles.includes(principal.role) &&
      (rule.permissions ?? []).every((p) => principal.flags.includes(p)) &&
      (!rule.productionOnly || production),
  );
}
