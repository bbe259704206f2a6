// Loaded with `node --import` into a CLI child process by tests that bound
// its memory: on exit it writes the process's peak resident set size (kB,
// worker threads included) to the file named by PEAK_RSS_FILE.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
