import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfTextItem {
  str: string;
  /** Where the text starts, in PDF points from the page's bottom left. */
  x: number;
  y: number;
}

export interface PdfPage {
  /** The page's text items joined by spaces, in drawing order. */
  text: string;
  items: PdfTextItem[];
}

/** For the tests: each page's text, read back with pdf.js as a viewer would. */
export async function readPdf(pdf: Buffer): Promise<PdfPage[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const items = content.items.flatMap((item) =>
      'str' in item && item.str.trim()
        ? [{ str: item.str, x: item.transform[4], y: item.transform[5] }]
        : [],
    );
    pages.push({ text: items.map((item) => item.str).join(' '), items });
  }
  await doc.destroy();
  return pages;
}
