/** The look every document shares: the supplier's identity, page geometry, colours, text styles. */

/** The supplier printed on every document. */
export const SUPPLIER = {
  name: 'PharmSupply',
  tagline: 'Pharmaceutical Compounding Supplies',
  address: ['1250 Commerce Park Drive, Suite 400', 'Columbus, OH 43228'],
  phone: '(614) 555-0100',
  email: 'orders@pharmsupply.com',
  /** Where invoices send payment questions and remittance advice. */
  accountsEmail: 'accounts@pharmsupply.com',
};

const PAGE = { width: 612, height: 792 }; // US Letter, points
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
export const RIGHT = PAGE.width - MARGIN;
/** Content stops here; below it is the footer. */
export const CONTENT_BOTTOM = PAGE.height - 70;
export const FOOTER_Y = PAGE.height - 45;

export const COLOR = {
  brand: '#0b4f6c',
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  headerFill: '#0b4f6c',
  stripe: '#f3f6f9',
  white: '#ffffff',
};

/** The palettes the web's status badges use (Chakra names), as text colours readable on white. */
export const PALETTE = {
  gray: '#616e7c',
  blue: '#1d4ed8',
  green: '#15803d',
  red: '#b91c1c',
  yellow: '#a16207',
  orange: '#c2410c',
} as const;
export type PaletteName = keyof typeof PALETTE;

/**
 * A palette name as text colour. Typed loosely so that a status → palette map from the shared
 * domain package plugs in as it is; a name the PDF has no colour for prints in the text colour.
 */
export function paletteColor(name: string | undefined): string {
  return (name && PALETTE[name as PaletteName]) || COLOR.text;
}

export interface TextStyle {
  font: 'Helvetica' | 'Helvetica-Bold';
  size: number;
  color: string;
  /** Letter spacing in points, for the small-capital labels. */
  spacing?: number;
}

export const STYLE = {
  /** The supplier's name atop the first page, and atop the others. */
  supplier: { font: 'Helvetica-Bold', size: 22, color: COLOR.brand },
  supplierSmall: { font: 'Helvetica-Bold', size: 11, color: COLOR.brand },
  /** The document's title: PURCHASE ORDER, INVOICE. */
  title: { font: 'Helvetica-Bold', size: 18, color: COLOR.text },
  body: { font: 'Helvetica', size: 9.5, color: COLOR.text },
  bodyMuted: { font: 'Helvetica', size: 9.5, color: COLOR.muted },
  strong: { font: 'Helvetica-Bold', size: 9.5, color: COLOR.text },
  muted: { font: 'Helvetica', size: 9, color: COLOR.muted },
  small: { font: 'Helvetica', size: 8.5, color: COLOR.muted },
  footer: { font: 'Helvetica', size: 8, color: COLOR.muted },
  /** The spaced capitals above a block: BILL TO, NOTES. */
  label: { font: 'Helvetica-Bold', size: 8, color: COLOR.muted, spacing: 0.8 },
  heading: { font: 'Helvetica-Bold', size: 10, color: COLOR.text },
  name: { font: 'Helvetica-Bold', size: 11, color: COLOR.text },
  /** A strong total's amount. */
  total: { font: 'Helvetica-Bold', size: 11, color: COLOR.brand },
  /** The amount in a box. */
  figure: { font: 'Helvetica-Bold', size: 12, color: COLOR.text },
  cell: { font: 'Helvetica', size: 8.5, color: COLOR.text },
  headerCell: { font: 'Helvetica-Bold', size: 8.5, color: COLOR.white },
} satisfies Record<string, TextStyle>;
