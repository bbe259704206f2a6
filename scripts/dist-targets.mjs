// The installers `npm run dist` builds by default on each OS, from package.json:
// the one home of that rule, read by electron-builder.ts (linux/mac/win.target)
// and by scripts/dist.mjs (which prints the skip line, once per run).
//
// Every default target must build with the metadata the repository has, so that
// a plain `npm run dist` succeeds. AppImage, dmg and NSIS need nothing more. The
// deb package needs what electron-builder's FpmTarget checks before it runs fpm
// (app-builder-lib/out/targets/FpmTarget.js, computeFpmMetaInfoOptions): a
// project homepage and a maintainer, which is author's e-mail unless the
// configuration sets linux.maintainer (electron-builder.ts sets none). Without
// them it throws "Please specify project homepage" / "Please specify author
// 'email'", so deb is a default only when package.json has both.
//
// electron-builder can also find a homepage elsewhere (a hosted "repository"
// in package.json, a GitHub remote named origin): not counted here, so with
// only those deb is skipped and the line says what to set.
//
// tests/integration/dist-targets.test.ts checks this rule against
// electron-builder's own checks.

/** What the deb package needs that package.json may lack. */
export const DEB_METADATA = 'set "homepage" and "author": {"name", "email"} in package.json';

/** What scripts/dist.mjs prints when the deb package is not among the defaults. */
export const DEB_SKIPPED = `dist: the deb package is skipped: ${DEB_METADATA} to build it`;

/** A non-empty string. */
function filled(value) {
  return typeof value === 'string' && value.trim() !== '';
}

/** Whether package.json's author has an e-mail: { "email" } or "Name <email>", as npm reads it. */
function authorHasEmail(author) {
  if (typeof author === 'string') return /<[^>]+>/.test(author);
  return author != null && typeof author === 'object' && filled(author.email);
}

/**
 * The default targets per OS (electron-builder's linux/mac/win.target) for this
 * package.json, and the line to print when the deb package is left out (null
 * when it is not).
 *
 * @param {{ homepage?: unknown, author?: unknown, [field: string]: unknown }} packageJson package.json's content
 * @returns {{ linux: string[], mac: string[], win: string[], skipped: string | null }}
 */
export function distTargets(packageJson) {
  const deb = filled(packageJson.homepage) && authorHasEmail(packageJson.author);
  return {
    linux: deb ? ['AppImage', 'deb'] : ['AppImage'],
    mac: ['dmg'],
    win: ['nsis'],
    skipped: deb ? null : DEB_SKIPPED,
  };
}
