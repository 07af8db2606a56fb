import { httpError } from './errors';

/**
 * Opens a PDF the API renders inline in a new tab. The tab is opened at the click, before
 * anything is awaited, or the browser would block it as a pop-up; the PDF is fetched first so
 * that a failure closes it and is told by the caller rather than in the blank tab.
 */
export async function openPdfTab(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw await httpError(response);
    await response.body?.cancel();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else {
    window.open(url, '_blank', 'noopener');
  }
}
