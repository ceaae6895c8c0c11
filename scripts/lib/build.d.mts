import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const SERVER_DIR: string;
export const SERVER_ENTRY: string;
export function panelIsCurrent(): boolean;
export function serverIsCurrent(): boolean;
export function buildPanel(onChild?: (child: ChildProcess) => void): Promise<void>;
export function buildServer(): Promise<void>;
export function ensureBuilt(options?: {
  panel?: boolean;
  log?: (line: string) => void;
  onChild?: (child: ChildProcess) => void;
}): Promise<string[]>;
