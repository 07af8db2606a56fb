import {
  formLineTotal,
  ORDER_FORM_CATEGORIES,
  type OrderInput,
  type OrderLineItemInput,
} from '@pharm/validators';
import type { RouterOutputs } from '../../lib/trpc';

export type ProductOption = RouterOutputs['products']['options'][number];
export type VariantOption = ProductOption['variants'][number];
export type OrderFormCategory = (typeof ORDER_FORM_CATEGORIES)[number]['value'];

/** A form line: the schema's fields plus the category picked to narrow the product list. */
export interface FormLine extends OrderLineItemInput {
  /** '' until a category is chosen; never sent (the schema strips it). */
  category: string;
}

/** The order form's values: the order as typed, its lines with the pickers' state. */
export type OrderFormValues = Omit<OrderInput, 'lineItems'> & { lineItems: FormLine[] };

/** Spec §9: a new line has qty 1, unit price '0.00' and total '0.00'. */
export function blankLine(): FormLine {
  return {
    category: '',
    productSku: null,
    variantSku: null,
    description: '',
    qty: 1,
    unitPrice: '0.00',
    lineTotal: '0.00',
    lotId: null,
  };
}

/** Choosing a category: clears the product and the variant. */
export function withCategory(line: FormLine, category: string): FormLine {
  return { ...line, category, productSku: null, variantSku: null, lotId: null };
}

/** Choosing a product: its name and default price (or 0.00); the variant is cleared. */
export function withProduct(line: FormLine, product: ProductOption | undefined): FormLine {
  if (!product) return { ...line, productSku: null, variantSku: null, lotId: null };
  const unitPrice = product.defaultPrice || '0.00';
  return {
    ...line,
    productSku: product.sku,
    variantSku: null,
    lotId: null,
    description: product.name,
    unitPrice,
    lineTotal: formLineTotal(line.qty, unitPrice),
  };
}

/** 'VL-TI - 10R Clear': the parent SKU, a dash, then the size and the colour. */
export function variantDescription(variant: VariantOption): string {
  const detail = [variant.size, variant.color].filter(Boolean).join(' ');
  return detail ? `${variant.parentSku} - ${detail}` : variant.parentSku;
}

/** Choosing a variant: its description and default price (or 0.00). */
export function withVariant(line: FormLine, variant: VariantOption | undefined): FormLine {
  if (!variant) return { ...line, variantSku: null, lotId: null };
  const unitPrice = variant.defaultPrice || '0.00';
  return {
    ...line,
    variantSku: variant.variantSku,
    lotId: null,
    description: variantDescription(variant),
    unitPrice,
    lineTotal: formLineTotal(line.qty, unitPrice),
  };
}

/** The order form's category of a product ('' for categories the selector does not offer). */
export function formCategoryOf(product: ProductOption | undefined): string {
  return ORDER_FORM_CATEGORIES.some((c) => c.value === product?.category) ? product!.category : '';
}

/** Lines of a saved order as form lines, with the category read back from the catalogue. */
export function toFormLines(
  lines: readonly {
    productSku: string | null;
    variantSku: string | null;
    description: string;
    qty: number;
    unitPrice: string;
    lineTotal: string;
    lotId?: number | null;
  }[],
  products: readonly ProductOption[],
): FormLine[] {
  const bySku = new Map(products.map((p) => [p.sku, p]));
  return lines.map((line) => ({
    category: line.productSku ? formCategoryOf(bySku.get(line.productSku)) : '',
    productSku: line.productSku,
    variantSku: line.variantSku,
    description: line.description,
    qty: line.qty,
    unitPrice: String(line.unitPrice),
    lineTotal: String(line.lineTotal),
    lotId: line.lotId ?? null,
  }));
}

/** Save Draft needs a pharmacy and at least one line with a description (spec §5). */
export function canSaveDraft(
  pharmacyId: unknown,
  lines: readonly { description?: string | null }[],
): boolean {
  return (
    typeof pharmacyId === 'number' &&
    pharmacyId >= 1 &&
    lines.some((line) => !!line.description?.trim())
  );
}
