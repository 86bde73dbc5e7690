import type { ConfigSource } from "../../src/config/discover-config-files.js";
import type { Diagnostic } from "../../src/diagnostic.js";

/** A discovered, untrusted-mode source of `file` in `layer`, read as `dialect`. */
export function createConfigSource(file: string, layer: string, dialect: string): ConfigSource {
  return { file, layer, dialect, explicit: false, trust: "none" };
}

/** Each diagnostic as `[code, severity, path]`, for comparing where a parser reported what. */
export function locateDiagnostics(diagnostics: readonly Diagnostic[]): unknown[][] {
  return diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.path]);
}

/** A `command` handler running `./hook.sh`, with `extra` fields. */
export function createCommandHandler(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "command", command: "./hook.sh", ...extra };
}
