// `$NAME` or `${NAME}`: a shell-style variable name, braced or not.
const variablePattern = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Fills the `$NAME` and `${NAME}` references of an http handler's header value from `env`, for
 * the names in `allowedEnvVars` only: a reference to any other name, or to an allowed name that
 * is not set, becomes the empty string. A `$` that does not start a name is kept as written.
 *
 * @example
 * ```ts
 * interpolateHeaderValue("Bearer ${TOKEN}", ["TOKEN"], { TOKEN: "abc", HOME: "/home/me" });
 * // "Bearer abc"
 * interpolateHeaderValue("$HOME", ["TOKEN"], { HOME: "/home/me" }); // ""
 * ```
 */
export function interpolateHeaderValue(
  value: string,
  allowedEnvVars: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string {
  const allowed = new Set(allowedEnvVars);
  return value.replace(variablePattern, (_match, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? "";
    if (!allowed.has(name)) return "";
    // An own property only: a name such as `constructor` never reaches the prototype.
    return Object.hasOwn(env, name) ? (env[name] ?? "") : "";
  });
}
