// Types of dist-targets.mjs, for electron-builder.ts and the tests.

export declare const DEB_METADATA: string;
export declare const DEB_SKIPPED: string;

export interface DistTargets {
  /** electron-builder's linux.target: AppImage, and deb when package.json allows it. */
  linux: ('AppImage' | 'deb')[];
  mac: 'dmg'[];
  win: 'nsis'[];
  /** The line scripts/dist.mjs prints when deb is left out; null when it is built. */
  skipped: string | null;
}

/** package.json's content: only homepage and author count. */
export interface PackageMetadata {
  homepage?: unknown;
  author?: unknown;
  [field: string]: unknown;
}

export declare function distTargets(packageJson: PackageMetadata): DistTargets;
