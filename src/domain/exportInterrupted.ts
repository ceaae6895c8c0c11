/**
 * The last line of a CSV export cut short by a server shutdown (server/delivery/drain.ts writes it).
 * The panel reads the end of every export for it and reports the failure instead of saving the file.
 */
export const EXPORT_INTERRUPTED =
  '# Export interrupted: the server is restarting. This file is incomplete; please export again.';

/** Whether an export's last bytes (the marker and its line ends) say it was cut short. */
export const endsInterrupted = (tail: string) => tail.trimEnd().endsWith(EXPORT_INTERRUPTED);

/** An export that ended with the marker: nothing is saved. */
export class ExportInterruptedError extends Error {
  constructor() {
    super(EXPORT_INTERRUPTED.slice(2));
    this.name = 'ExportInterruptedError';
  }
}
