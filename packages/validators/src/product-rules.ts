/** The product form's rules that need no schema: the form loads zod only to validate. */

/** A variant's own fields: the product form's table columns and what a catalogue import compares. */
export const VARIANT_FIELDS = [
  'variantSku',
  'size',
  'color',
  'material',
  'sterile',
  'packageQty',
  'defaultPrice',
  'notes',
  'controlledSchedule',
  'bulkSubstance',
] as const;

/** The Auto button: product SKU, size without spaces upper-cased, first 3 letters of the colour upper-cased. */
export function autoVariantSku(
  productSku: string,
  size?: string | null,
  color?: string | null,
): string {
  const parts = [
    productSku.trim(),
    (size ?? '').replace(/\s+/g, '').toUpperCase(),
    (color ?? '').trim().slice(0, 3).toUpperCase(),
  ];
  return parts.filter(Boolean).join('-');
}
