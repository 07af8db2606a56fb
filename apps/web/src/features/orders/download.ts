import { httpError } from '../../lib/errors';

/**
 * Fetches the order's PDF with the session cookie and saves it as order-{orderNumber}.pdf.
 * A plain link would do for the download, but a failure would then leave the app.
 */
export async function downloadOrderPdf(order: {
  id: number;
  orderNumber?: string | null;
}): Promise<void> {
  const response = await fetch(`/api/orders/${order.id}/download`, { credentials: 'same-origin' });
  if (!response.ok) throw await httpError(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `order-${order.orderNumber || order.id}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click starts the download synchronously; the URL is not needed after it.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
