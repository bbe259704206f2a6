// A packaged app's code sits in resources/app.asar, an archive that Electron
// patches Node's fs and module loaders to read. The token worker is kept out
// of it (electron-builder.ts unpacks it, and what it imports, into
// resources/app.asar.unpacked), so that the worker thread loads plain files
// and does not depend on archive support in worker threads, which has varied
// between Electron versions and cannot be tried on a machine without Electron.

const ARCHIVE = 'app.asar';

/** The same file under app.asar.unpacked when it is inside the app's archive; otherwise unchanged. */
export function unpackedUrl(url: URL): URL {
  const segments = url.pathname.split('/');
  const archive = segments.lastIndexOf(ARCHIVE);
  if (archive === -1) return url;
  segments[archive] = `${ARCHIVE}.unpacked`;
  const unpacked = new URL(url);
  unpacked.pathname = segments.join('/');
  return unpacked;
}
