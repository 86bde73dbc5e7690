/**
 * A command-line mistake: printed as one line, exit code 1.
 *
 * @example
 * ```ts
 * throw new UsageError('unknown profile "nope" (choose from: claude, deepagents, vscode, zerocode)');
 * ```
 */
export class UsageError extends Error {
  override name = "UsageError";
}
