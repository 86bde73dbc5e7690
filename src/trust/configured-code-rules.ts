/**
 * A program that runs code named by its own configuration files, found by the program rather
 * than by the command: either the files it reads are hashed (`files`, relative to home as
 * `~/…` or to the directory), or the command is listed as not hashed with `reason`.
 */
export interface ConfiguredCodeRule {
  /** Why it is not hashed: what configuration it reads and what that may run. */
  reason?: string;
  /** Files it reads whose state is hashed instead (`~/.jq`). */
  files?: readonly string[];
  /** First operands (right after the program, with no option before) that run no configured code. */
  safeSubcommands?: readonly string[];
  /** Only when the program is given by a path outside the system's program directories. */
  outsideSystemOnly?: boolean;
}

const npmReason =
  "reads .npmrc files (the project's, ~/.npmrc, the global one), whose node-options and script-shell settings run code, and they are not hashed";

/**
 * Programs whose configuration runs code, by program name (`python3.12` is `python`). Task
 * runners (`make`, `npm run`) are in `taskRunners`; these run configured code whatever the
 * command asks.
 */
export const configuredCodeRules: Readonly<Record<string, ConfiguredCodeRule>> = {
  git: {
    reason:
      "git runs programs its configuration names (core.fsmonitor, core.hooksPath and .git/hooks, aliases, diff.external, .gitattributes filters and drivers, core.sshCommand, …) from .git/config, ~/.gitconfig and $XDG_CONFIG_HOME/git/config, which are not hashed",
    // Reads only the repository's config for where it is, and runs nothing (checked with strace).
    safeSubcommands: ["rev-parse", "version", "--version"],
  },
  python: {
    reason:
      "a Python outside the system's directories may be a virtual environment's, which runs its site-packages .pth files and sitecustomize at start-up, and those are not hashed",
    outsideSystemOnly: true,
  },
  pip: {
    reason: "pip reads pip.conf and builds or installs packages, running their code",
  },
  npm: { reason: `npm ${npmReason}` },
  npx: { reason: `npx ${npmReason}` },
  pnpm: { reason: `pnpm ${npmReason}` },
  pnpx: { reason: `pnpx ${npmReason}` },
  yarn: {
    reason: "yarn reads .yarnrc and .yarnrc.yml (yarnPath runs another yarn), which are not hashed",
  },
  bun: {
    reason:
      "bun reads bunfig.toml (the project's and ~/.bunfig.toml), whose preload runs code, and it is not hashed",
  },
  bunx: {
    reason:
      "bunx reads bunfig.toml (the project's and ~/.bunfig.toml), whose preload runs code, and it is not hashed",
  },
  "ts-node": {
    reason:
      "ts-node reads tsconfig.json, whose ts-node options can preload modules (require), and it is not hashed",
  },
  bundle: { reason: "bundler runs the Gemfile, which is Ruby code, and it is not hashed" },
  gem: { reason: "gem reads .gemrc and runs gems' code, which are not hashed" },
  uv: {
    reason:
      "uv may build the project (running its build code) and runs its virtual environment, whose .pth files run at start-up, and those are not hashed",
  },
  poetry: {
    reason:
      "poetry runs the project's virtual environment, whose .pth files run at start-up, and those are not hashed",
  },
  pipenv: {
    reason:
      "pipenv runs the project's virtual environment, whose .pth files run at start-up, and those are not hashed",
  },
  cargo: { reason: "cargo builds the project, running its build scripts, which are not hashed" },
  go: {
    reason:
      "go builds every file of the package and may run another toolchain (go.mod toolchain), which are not hashed",
  },
  ssh: {
    reason:
      "ssh runs ProxyCommand, LocalCommand and Match exec from ~/.ssh/config, which is not hashed",
  },
  // jq 1.6 loads ~/.jq, when it is a file, into every program it runs.
  jq: { files: ["~/.jq"] },
};
