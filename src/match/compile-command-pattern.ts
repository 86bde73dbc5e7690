import { matchWildcard } from "./match-wildcard.js";

/**
 * Compiles a Bash rule specifier into a whole-command test: `*` is any characters, a trailing
 * `:*` is a prefix match, and a trailing ` *` also accepts the bare prefix.
 */
export function compileCommandPattern(specifier: string): (command: string) => boolean {
  if (specifier.endsWith(":*")) {
    const prefixPattern = `${specifier.slice(0, -2)}*`;
    return (command) => matchWildcard(prefixPattern, command);
  }
  if (specifier.endsWith(" *")) {
    const barePattern = specifier.slice(0, -2);
    return (command) => matchWildcard(specifier, command) || matchWildcard(barePattern, command);
  }
  return (command) => matchWildcard(specifier, command);
}
