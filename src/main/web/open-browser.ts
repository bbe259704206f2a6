// Opens a URL in the user's default browser with the system's own opener.
// Nothing depends on it working (the URL is printed first): a failure is one
// line for the user, who can open the URL by hand.

import { spawn } from 'node:child_process';

function opener(url: string, platform: NodeJS.Platform): [command: string, args: string[]] {
  switch (platform) {
    case 'darwin':
      return ['open', [url]];
    case 'win32':
      // `start` is a cmd built-in; its first quoted argument is a window title.
      return ['cmd', ['/c', 'start', '""', url]];
    default:
      return ['xdg-open', [url]];
  }
}

/** Starts the opener, detached; `onProblem` hears, in one line, if it cannot run or fails. */
export function openInBrowser(
  url: string,
  onProblem: (message: string) => void,
  platform: NodeJS.Platform = process.platform,
): void {
  const [command, args] = opener(url, platform);
  const child = spawn(command, args, {
    detached: true,
    stdio: 'ignore',
    windowsVerbatimArguments: platform === 'win32',
  });
  child.once('error', (error) => onProblem(`${command} could not be started (${error.message})`));
  child.once('exit', (code) => {
    if (code !== null && code !== 0) onProblem(`${command} exited with status ${code}`);
  });
  // The browser outlives this process; this process need not wait for it.
  child.unref();
}
