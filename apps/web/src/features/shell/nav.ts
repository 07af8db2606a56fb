import { FEATURES } from '..';

/** Each feature's list page, with its menu label and icon, in the features' order. */
export const NAV_ITEMS = FEATURES.flatMap((feature) => ('nav' in feature ? [feature.nav] : []));

export type NavItem = (typeof NAV_ITEMS)[number];

/** The side menu: the items shown there (a list reached from another item's page is not). */
export const MENU_ITEMS = NAV_ITEMS.filter((item) => !('inMenu' in item && item.inMenu === false));

/** Whether the address is on this path or below it; Dashboard ('/') only on '/'. */
function onPath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** A menu item is active on its path and below, and on the pages it leads to (`alsoActiveOn`). */
export function isNavActive(item: NavItem, pathname: string): boolean {
  const also: readonly string[] = 'alsoActiveOn' in item ? item.alsoActiveOn : [];
  return [item.to, ...also].some((to) => onPath(to, pathname));
}
