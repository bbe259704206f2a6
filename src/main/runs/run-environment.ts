// What measures a run, kept with it (RunRecord.environment) so that a report
// of it, here or in the history it is imported into, says which LastToken on
// what kind of machine took its figures. The same build and machine for every
// front end: the app (Electron), browser mode and the CLI (Node).

import { arch, cpus, platform, release } from 'node:os';
import { version } from '../../../package.json';
import type { RunEnvironment } from '../../shared/run';

/** This process's environment, now. No host or user name: a report is shared. */
export function runEnvironment(): RunEnvironment {
  const processors = cpus();
  const electron = process.versions.electron;
  return {
    lasttoken_version: version,
    os: { platform: platform(), release: release(), arch: arch() },
    // Some systems list no CPUs (os.cpus() is empty in a few containers).
    cpus: { count: processors.length, model: processors[0]?.model.trim() ?? '' },
    runtime: electron === undefined ? `Node ${process.versions.node}` : `Electron ${electron}`,
  };
}
