import { closeSync, openSync, readFileSync, readSync, writeSync } from "node:fs";

/** Whether a variable's value left this process's initial environment block, and if not, why. */
export type ErasedEnvironmentValue = { erased: true } | { erased: false; reason: string };

/**
 * Removes a variable from `process.env` and overwrites its value with NUL bytes in the process's
 * initial environment block, which `/proc/<pid>/environ` shows to every process of the same user
 * (deleting from `process.env` alone does not change that block). Linux only: the block's
 * bounds come from `/proc/self/stat` and it is rewritten through `/proc/self/mem`. Elsewhere, or
 * where the kernel refuses, the value stays in the block and the reason says so.
 *
 * @example
 * ```ts
 * const erased = eraseEnvironmentValue("AGENT_HOOKS_TOKEN");
 * if (!erased.erased) console.error(`the token is still readable: ${erased.reason}`);
 * ```
 */
export function eraseEnvironmentValue(name: string): ErasedEnvironmentValue {
  delete process.env[name];
  if (process.platform !== "linux") {
    return { erased: false, reason: `${process.platform} has no way to rewrite it` };
  }
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields 50 and 51 (env_start, env_end) counted from field 3, the one after "(comm) ".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const start = Number(fields[47]);
    const end = Number(fields[48]);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end <= start) {
      return { erased: false, reason: "/proc/self/stat gives no environment block" };
    }
    const descriptor = openSync("/proc/self/mem", "r+");
    try {
      const block = Buffer.alloc(end - start);
      readSync(descriptor, block, 0, block.length, start);
      const prefix = Buffer.from(`${name}=`);
      for (let at = block.indexOf(prefix); at !== -1; at = block.indexOf(prefix, at + 1)) {
        if (at > 0 && block[at - 1] !== 0) continue;
        const valueStart = at + prefix.length;
        const valueEnd = block.indexOf(0, valueStart);
        const blank = Buffer.alloc((valueEnd === -1 ? block.length : valueEnd) - valueStart);
        writeSync(descriptor, blank, 0, blank.length, start + valueStart);
      }
      // Not found: set after start, so the block never held it.
      return { erased: true };
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { erased: false, reason: `the kernel refused to rewrite it (${code})` };
  }
}
