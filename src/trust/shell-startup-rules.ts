/**
 * Shells' start-up files (`~/` is the home the shell is given, `$ZDOTDIR/` zsh's): read by every
 * run (`always`), by a login shell (`-l`, `--login`) or by an interactive one (`-i`), unless an
 * option in `none`, `noLogin` or `noInteractive` is given. `notHashed`: start-up code read from
 * places that are not hashed.
 */
export interface ShellStartupRule {
  always: readonly string[];
  login: readonly string[];
  interactive: readonly string[];
  none: readonly string[];
  noLogin: readonly string[];
  noInteractive: readonly string[];
  /**
   * Read even when not interactive, as an rc file, when stdin is a socket and SHLVL is unset (bash
   * does, and node's stdio pipes are socket pairs), unless an option in `noSocket` is given; hashed
   * as candidates.
   */
  socket?: readonly string[];
  noSocket?: readonly string[];
  notHashed?: string;
}

const profileOnly: ShellStartupRule = {
  always: [],
  login: ["~/.profile"],
  interactive: [],
  none: [],
  noLogin: [],
  noInteractive: [],
};

/** Start-up files by shell (bash, sh, dash, zsh, ksh, mksh, yash, fish). */
export const shellStartupRules: Readonly<Record<string, ShellStartupRule>> = {
  bash: {
    always: [],
    login: ["~/.bash_profile", "~/.bash_login", "~/.profile"],
    interactive: ["~/.bashrc"],
    none: [],
    noLogin: ["--noprofile"],
    noInteractive: ["--norc", "--rcfile", "--init-file"],
    socket: ["~/.bashrc"],
    noSocket: ["--norc", "--posix", "--rcfile", "--init-file"],
  },
  // `sh` is dash on Debian and bash in POSIX mode on macOS: both read ~/.profile as a login
  // shell; interactive, they read $ENV (followed where it is set).
  sh: profileOnly,
  dash: profileOnly,
  ksh: { ...profileOnly, interactive: ["~/.kshrc"] },
  mksh: { ...profileOnly, interactive: ["~/.mkshrc"] },
  yash: { ...profileOnly, login: ["~/.yash_profile"], interactive: ["~/.yashrc"] },
  zsh: {
    always: ["$ZDOTDIR/.zshenv"],
    login: ["$ZDOTDIR/.zprofile", "$ZDOTDIR/.zlogin"],
    interactive: ["$ZDOTDIR/.zshrc"],
    none: ["-f", "--no-rcs"],
    noLogin: [],
    noInteractive: [],
  },
  fish: {
    always: ["$XDG_CONFIG_HOME/fish/config.fish"],
    login: [],
    interactive: [],
    none: ["-N", "--no-config"],
    noLogin: [],
    noInteractive: [],
    notHashed:
      "fish also runs every file in ~/.config/fish/conf.d and the functions it autoloads from ~/.config/fish/functions at start, and those are not hashed",
  },
};
