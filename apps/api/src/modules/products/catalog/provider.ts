import type { ControlledSchedule, ImportRowError, ProductCategory } from '@pharm/validators';

/** A variant as every provider hands it over: validated, money as 2-decimal strings. */
export interface CatalogVariant {
  /** Where it came from in the feed, for error messages. */
  row: number;
  variantSku: string;
  size: string | null;
  color: string | null;
  material: string | null;
  sterile: boolean;
  packageQty: number;
  defaultPrice: string;
  notes: string | null;
  /** Its own DEA schedule and bulk flag (issue 29); none: its product's. */
  controlledSchedule: ControlledSchedule | null;
  bulkSubstance: boolean;
}

export interface CatalogProduct {
  row: number;
  sku: string;
  name: string;
  category: ProductCategory;
  defaultPrice: string;
  /** Absent when the feed does not say: a new product is active, an existing one keeps its flag. */
  active?: boolean;
  controlledSchedule: ControlledSchedule | null;
  bulkSubstance: boolean;
  variants: CatalogVariant[];
}

/** What a provider read: the products it could normalise, and the rows it could not. */
export interface CatalogFeed {
  products: CatalogProduct[];
  errors: ImportRowError[];
}

/**
 * An external catalogue (docs/rules.md §4). Providers only fetch and normalise; the upsert,
 * its transaction and its counts are the same for all of them (catalog/upsert.ts).
 */
export interface CatalogProvider {
  /** Shown on the import button and in the success toast. */
  readonly name: string;
  /** The provider's part of `POST /api/import/{provider}`. */
  readonly slug: string;
  fetch(): Promise<CatalogFeed>;
}

/** 'MedSupply Direct' → 'medsupply-direct'. */
export function providerSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
