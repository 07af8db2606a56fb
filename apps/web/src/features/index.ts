import { activity } from './activity/feature';
import { creditNotes } from './credit-notes/feature';
import { dashboard } from './dashboard/feature';
import { dunning } from './dunning/feature';
import { emails } from './emails/feature';
import { invoices } from './invoices/feature';
import { licences } from './licences/feature';
import { lots } from './lots/feature';
import { orders } from './orders/feature';
import { payments } from './payments/feature';
import { pharmacies } from './pharmacies/feature';
import { products } from './products/feature';
import { recall } from './recall/feature';
import { recalls } from './recalls/feature';
import { reports } from './reports/feature';
import { settings } from './settings/feature';

/**
 * The app's features (each folder's feature.ts): the one place a new one is added. The side menu
 * lists them in this order and the search panel groups its results so; the Activity page's tabs
 * follow the server's list of record types (ACTIVITY_ENTITY_TYPES).
 */
export const FEATURES = [
  dashboard,
  orders,
  invoices,
  payments,
  creditNotes,
  pharmacies,
  licences,
  products,
  lots,
  reports,
  recall,
  recalls,
  activity,
  emails,
  dunning,
  settings,
] as const;

export type AppFeature = (typeof FEATURES)[number];
