import type { CompiledHook } from "../match/compile-hooks.js";
import type { CredentialScrub } from "../profiles/profile.js";
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
 * `withheldPrefixes` are left out, and so are the credentials `credentialScrub` names when the
 * inherited environment turns it on (its variable is `1` or `true`); a hook's own `env` may still
 * set any of them.
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
  credentialScrub?: CredentialScrub,
): HookEnvironments {
  const withheldNames = isScrubOn(inherited, credentialScrub) ? credentialScrub.names : [];
  const base = withholdInheritedVariables(inherited, withheldPrefixes, withheldNames);
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

function isScrubOn(
  inherited: Readonly<Record<string, string | undefined>>,
  scrub: CredentialScrub | undefined,
): scrub is CredentialScrub {
  if (scrub === undefined) return false;
  const value = inherited[scrub.variable]?.trim().toLowerCase();
  return value === "1" || value === "true";
}

function withholdInheritedVariables(
  inherited: Readonly<Record<string, string | undefined>>,
  prefixes: readonly string[],
  names: readonly string[],
): Readonly<Record<string, string | undefined>> {
  if (prefixes.length === 0 && names.length === 0) return inherited;
  const withheld = new Set(names);
  return Object.fromEntries(
    Object.entries(inherited).filter(
      ([name]) => !withheld.has(name) && !prefixes.some((prefix) => name.startsWith(prefix)),
    ),
  );
}
