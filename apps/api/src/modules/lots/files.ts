import { idParam, lotExportQuery, todayIso, type LotOutput } from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows, type Cell } from '../../lib/csv/csv.js';

const LOT_COLUMNS = [
  'lot_number',
  'product_sku',
  'variant_sku',
  'product_name',
  'expiry_date',
  'expired',
  'status',
  'manufactured_on',
  'supplier',
  'certificate',
  'notes',
] as const;

const lotRow = (lot: LotOutput): Cell[] => [
  lot.lotNumber,
  lot.productSku,
  lot.variantSku,
  lot.productName,
  lot.expiryDate,
  lot.expired,
  lot.status,
  lot.manufacturedOn,
  lot.supplier,
  lot.certificate,
  lot.notes,
];

export const lotFiles = defineFiles([
  fileRoute({
    path: '/api/lots/:id/certificate',
    summary: "The lot's certificate of analysis as it was uploaded (PDF)",
    type: 'pdf',
    permission: 'products.read',
    inline: true,
    input: idParam,
    send: async (caller, input) => {
      const certificate = await caller.lots.certificate({ id: Number(input.id) });
      return {
        filename: certificate.filename,
        body: Buffer.from(certificate.contentBase64, 'base64'),
      };
    },
  }),
  fileRoute({
    path: '/api/lots.csv',
    summary: "The lots list as CSV, in the list's order and with its filters",
    type: 'csv',
    permission: 'products.read',
    input: lotExportQuery,
    send: async (caller, input) =>
      csvDownload({
        filename: csvFilename('lots', todayIso()),
        columns: LOT_COLUMNS,
        rows: await pagedRows(
          (cursor: string | null) =>
            caller.lots.list({ ...input, cursor, limit: EXPORT_PAGE_SIZE }),
          (lot) => [lotRow(lot)],
        ),
      }),
  }),
]);
