import { FEATURES } from '..';

/** The side menu: each feature's item, in the features' order. */
export const NAV_ITEMS = FEATURES.flatMap((feature) => ('nav' in feature ? [feature.nav] : []));

export type NavItem = (typeof NAV_ITEMS)[number];

/** Dashboard ('/') is active only on '/'; the others on their path and anything below it. */
export function isNavActive(to: NavItem['to'], pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
