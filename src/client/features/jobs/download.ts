/**
 * Starts a browser download from a signed job link (same origin, `Content-Disposition:
 * attachment`), so no bearer header is needed and the page stays where it is.
 */
export function startDownload(url: string, filename?: string): void {
  const a = document.createElement('a');
  a.href = url;
  if (filename) a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
