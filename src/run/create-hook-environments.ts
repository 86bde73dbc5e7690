import type { CompiledHook } from "../match/compile-hooks.js";
import { removeSecretVariables } from "./remove-secret-variables.js";

/** Each hook's environment, built once, and the secrets no handler may see. */
export interface HookEnvironments {
  /** The base environment with the hook's own `env` over it, secrets withheld; frozen and cached. */
  environmentFor(hook: CompiledHook): Readonly<Record<string, string | undefined>>;
  /** Keeps these values (a server's token) out of environments built from now on. */
  withhold(secrets: readonly string[]): void;
}

/**
 * Builds hooks' environments on first use: one frozen object per hook, so the runner resolves
 * each command once rather than per event. Inherited variables whose names start with one of
 * `withheldPrefixes` are left out (a hook's own `env` may still set them).
 *
 * @example
 * ```ts
 * const environments = createHookEnvironments({ ...process.env, HOME: home });
 * const env = environments.environmentFor(hook);
 * ```
 */
export function createHookEnvironments(
  inherited: Readonly<Record<string, string | undefined>>,
  withheldPrefixes: readonly string[] = [],
): HookEnvironments {
  const base = withholdPrefixedVariables(inherited, withheldPrefixes);
  const cache = new Map<string, Readonly<Record<string, string | undefined>>>();
  const secrets = new Set<string>();
  return {
    environmentFor(hook) {
      let environment = cache.get(hook.id);
      if (environment === undefined) {
        environment = Object.freeze(
          removeSecretVariables({ ...base, ...hook.definition.env }, secrets),
        );
        cache.set(hook.id, environment);
      }
      return environment;
    },
    withhold(values) {
      for (const value of values) if (value !== "") secrets.add(value);
      cache.clear();
    },
  };
}

function withholdPrefixedVariables(
  inherited: Readonly<Record<string, string | undefined>>,
  prefixes: readonly string[],
): Readonly<Record<string, string | undefined>> {
  if (prefixes.length === 0) return inherited;
  return Object.fromEntries(
    Object.entries(inherited).filter(
      ([name]) => !prefixes.some((prefix) => name.startsWith(prefix)),
    ),
  );
}
