import type { IconType } from 'react-icons';
import {
  LuBuilding2,
  LuChartColumn,
  LuCreditCard,
  LuFileText,
  LuHistory,
  LuLayoutDashboard,
  LuPackage,
  LuShoppingCart,
  LuSiren,
} from 'react-icons/lu';

export interface NavItem {
  to:
    | '/'
    | '/orders'
    | '/invoices'
    | '/payments'
    | '/pharmacies'
    | '/products'
    | '/reports'
    | '/recall'
    | '/activity';
  label: string;
  icon: IconType;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LuLayoutDashboard },
  { to: '/orders', label: 'Orders', icon: LuShoppingCart },
  { to: '/invoices', label: 'Invoices', icon: LuFileText },
  { to: '/payments', label: 'Payments', icon: LuCreditCard },
  { to: '/pharmacies', label: 'Pharmacies', icon: LuBuilding2 },
  { to: '/products', label: 'Products', icon: LuPackage },
  { to: '/reports', label: 'Reports', icon: LuChartColumn },
  { to: '/recall', label: 'Recall', icon: LuSiren },
  { to: '/activity', label: 'Activity', icon: LuHistory },
];

/** Dashboard ('/') is active only on '/'; the others on their path and anything below it. */
export function isNavActive(to: NavItem['to'], pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
