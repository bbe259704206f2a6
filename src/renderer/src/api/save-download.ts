// Saves a file the way a page can: a link to it with `download`, clicked.
// The browser puts it where it puts downloads (or asks, as the user set it).

/** Long enough for any browser to have started reading the file. */
const REVOKE_AFTER_MS = 60_000;

export function saveDownload(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, the URL could be gone before the download reads it.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
