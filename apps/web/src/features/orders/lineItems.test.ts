import { describe, expect, it } from 'vitest';
import {
  blankLine,
  canSaveDraft,
  toFormLines,
  variantDescription,
  withCategory,
  withProduct,
  withVariant,
  type ProductOption,
} from './lineItems';

const vial: ProductOption = {
  id: 1,
  sku: 'VL-TI',
  name: 'Tubular Serum Vial, Type I Borosilicate',
  category: 'Vial',
  defaultPrice: '42.00',
  variants: [
    {
      variantSku: 'VL-10R-CLR',
      parentSku: 'VL-TI',
      size: '10R',
      color: 'Clear',
      defaultPrice: '42.50',
    },
    { variantSku: 'VL-2R', parentSku: 'VL-TI', size: '2R', color: null, defaultPrice: '' },
  ],
};

describe('order form line items', () => {
  it('starts a line with qty 1 and 0.00 prices', () => {
    expect(blankLine()).toMatchObject({
      qty: 1,
      unitPrice: '0.00',
      lineTotal: '0.00',
      description: '',
    });
  });

  it('clears product and variant when the category changes', () => {
    const line = {
      ...blankLine(),
      category: 'Vial',
      productSku: 'VL-TI',
      variantSku: 'VL-10R-CLR',
      description: 'x',
    };
    expect(withCategory(line, 'Seal')).toMatchObject({
      category: 'Seal',
      productSku: null,
      variantSku: null,
      description: 'x',
    });
  });

  it("takes the product's name and price, recomputes the total and clears the variant", () => {
    const line = { ...blankLine(), qty: 3, variantSku: 'OLD' };
    expect(withProduct(line, vial)).toMatchObject({
      productSku: 'VL-TI',
      variantSku: null,
      description: 'Tubular Serum Vial, Type I Borosilicate',
      unitPrice: '42.00',
      lineTotal: '126.00',
    });
  });

  it("describes a variant as 'PARENTSKU - size colour' and takes its price, or 0.00", () => {
    const line = { ...withProduct({ ...blankLine(), qty: 2 }, vial) };
    expect(withVariant(line, vial.variants[0])).toMatchObject({
      variantSku: 'VL-10R-CLR',
      description: 'VL-TI - 10R Clear',
      unitPrice: '42.50',
      lineTotal: '85.00',
    });
    expect(withVariant(line, vial.variants[1])).toMatchObject({
      description: 'VL-TI - 2R',
      unitPrice: '0.00',
      lineTotal: '0.00',
    });
    expect(variantDescription({ ...vial.variants[0]!, size: null, color: null })).toBe('VL-TI');
  });

  it('reads the category of saved lines back from the catalogue', () => {
    const lines = toFormLines(
      [
        {
          productSku: 'VL-TI',
          variantSku: 'VL-10R-CLR',
          description: 'a',
          qty: 1,
          unitPrice: '1.00',
          lineTotal: '1.00',
        },
        {
          productSku: 'GONE',
          variantSku: null,
          description: 'b',
          qty: 1,
          unitPrice: '1.00',
          lineTotal: '1.00',
        },
        {
          productSku: null,
          variantSku: null,
          description: 'c',
          qty: 1,
          unitPrice: '1.00',
          lineTotal: '1.00',
        },
      ],
      [vial],
    );
    expect(lines.map((l) => l.category)).toEqual(['Vial', '', '']);
  });

  it('lets a draft be saved only with a pharmacy and a described line', () => {
    expect(canSaveDraft(3, [{ description: '' }, { description: 'Vial' }])).toBe(true);
    expect(canSaveDraft(0, [{ description: 'Vial' }])).toBe(false);
    expect(canSaveDraft(Number.NaN, [{ description: 'Vial' }])).toBe(false);
    expect(canSaveDraft(3, [{ description: '  ' }])).toBe(false);
  });
});
