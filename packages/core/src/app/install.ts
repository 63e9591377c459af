/** When the install banner shows (SPEC §2 main layout: Yes, Later, Never). */
export const INSTALL_LATER_MS = 24 * 60 * 60 * 1000;

export type InstallMemory = { never?: boolean; laterAt?: number };

export function showInstallBanner(opts: {
  standalone: boolean;
  canPrompt: boolean;
  memory: InstallMemory;
  now: number;
}): boolean {
  if (opts.standalone || !opts.canPrompt || opts.memory.never) return false;
  return opts.memory.laterAt === undefined || opts.now - opts.memory.laterAt >= INSTALL_LATER_MS;
}
