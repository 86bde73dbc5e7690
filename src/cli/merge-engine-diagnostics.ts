import type { Diagnostic } from "../diagnostic.js";

/**
 * The engine's load diagnostics followed by a dispatch's, leaving out a load diagnostic the
 * dispatch repeats for the same file and JSON path with the same code (a handler whose callback is
 * missing: warned of at load, then skipped, more precisely, by the dispatch).
 *
 * @example
 * ```ts
 * result.diagnostics = mergeEngineDiagnostics(engine.diagnostics, result.diagnostics);
 * ```
 */
export function mergeEngineDiagnostics(
  engine: readonly Diagnostic[],
  dispatch: readonly Diagnostic[],
): Diagnostic[] {
  const repeated = new Set(dispatch.map(describePlace));
  return [...engine.filter((diagnostic) => !repeated.has(describePlace(diagnostic))), ...dispatch];
}

function describePlace(diagnostic: Diagnostic): string {
  return `${diagnostic.code}\0${diagnostic.file ?? ""}\0${diagnostic.path ?? ""}`;
}
