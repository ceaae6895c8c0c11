#!/usr/bin/env node
/**
 * `npm start`: builds what changed since the last build (nothing, usually), then runs the compiled
 * server with Node, passing on its arguments (`--with-simulator`).
 *
 * SIGINT, SIGTERM and SIGHUP are passed on to the server, and this process waits for it to finish
 * its graceful shutdown and exits with its code: Ctrl-C in a terminal, or a SIGTERM to the whole
 * process group, reaches the server itself (a second copy of the signal changes nothing there),
 * and nothing between npm and the server cuts the shutdown short.
 *
 * BUILD_PANEL=false skips the panel (an API-only server, as the shutdown test runs it). `--verbose`
 * lists every file the panel's build writes.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ROOT, SERVER_ENTRY, ensureBuilt } from './lib/build.mjs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let child;
let stopping;

for (const signal of SIGNALS)
  process.on(signal, () => {
    stopping ??= signal;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
  });

function exitCodeOf(code, signal) {
  return code ?? 128 + (constants.signals[signal] ?? 1);
}

try {
  await ensureBuilt({
    panel: process.env.BUILD_PANEL !== 'false',
    onChild: (build) => (child = build),
    verbose: process.argv.includes('--verbose'),
  });
} catch (e) {
  if (stopping) process.exit(exitCodeOf(null, stopping));
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
if (stopping) process.exit(exitCodeOf(null, stopping));

const serverArgs = process.argv.slice(2).filter((arg) => arg !== '--verbose');
child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY, ...serverArgs], {
  cwd: ROOT,
  stdio: 'inherit',
});
child.once('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
