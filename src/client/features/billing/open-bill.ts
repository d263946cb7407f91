/**
 * Opens a bill's page in a new tab (seed 000 §4: "the bill page opens in a new tab"). A browser
 * may block a tab opened without a recent click: the answer says whether it opened, and every
 * screen that opens a bill also shows an "Abrir fatura" link. The new tab gets no handle on this
 * one (`opener` cut, as `noopener` would, which would also hide whether it opened).
 */
export function openBillTab(url: string): boolean {
  const w = window.open(url, '_blank');
  if (!w) return false;
  try {
    w.opener = null;
  } catch {
    // a cross-origin tab that already navigated: nothing to cut
  }
  return true;
}
