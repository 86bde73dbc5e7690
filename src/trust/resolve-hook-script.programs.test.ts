import { describe, expect, it } from "vitest";
import { resolveHookScripts } from "./resolve-hook-script.js";

const where = { cwd: "/repo/sub", home: "/home/me" };
const scripts = (command: string, env: Record<string, string> = {}) =>
  resolveHookScripts(command, { ...where, env });
const files = (command: string) => scripts(command).files;
const code = (command: string) =>
  scripts(command).notHashed.filter((entry) => entry.role !== "data");
const data = (command: string) =>
  scripts(command).notHashed.filter((entry) => entry.role === "data");

// Programs that run code from files: the files are hashed.
describe("programs that run code from files", () => {
  it.each([
    ["awk -f a.awk input.txt", ["/repo/sub/a.awk", "/repo/sub/a.awk.awk"]],
    [
      "gawk -f a.awk -f lib/b.awk",
      ["/repo/sub/a.awk", "/repo/sub/a.awk.awk", "/repo/sub/lib/b.awk"],
    ],
    ["mawk -f ./a.awk", ["/repo/sub/a.awk"]],
    ["nawk -f/opt/a.awk", ["/opt/a.awk"]],
    ["gawk --file=./a.awk", ["/repo/sub/a.awk"]],
    ["gawk -E ./a.awk arg", ["/repo/sub/a.awk"]],
    ["gawk -i ./lib.awk '{ print }'", ["/repo/sub/lib.awk"]],
    ["sed -f s.sed in.txt", ["/repo/sub/s.sed"]],
    ["sed --file=./s.sed", ["/repo/sub/s.sed"]],
    ["sed -n -f ./s.sed -e p", ["/repo/sub/s.sed"]],
    ["tclsh a.tcl arg.txt", ["/repo/sub/a.tcl"]],
    ["tclsh < a.tcl", ["/repo/sub/a.tcl"]],
    ["wish ./ui.tcl", ["/repo/sub/ui.tcl"]],
    ["expect -f a.exp", ["/repo/sub/a.exp", "/home/me/.expect.rc"]],
    ["expect a.exp", ["/repo/sub/a.exp", "/home/me/.expect.rc"]],
    ["lua hook.lua", ["/repo/sub/hook.lua"]],
    ["luajit hook.lua", ["/repo/sub/hook.lua"]],
    ["Rscript --vanilla hook.R", ["/repo/sub/hook.R"]],
    ["julia --startup-file=no hook.jl", ["/repo/sub/hook.jl"]],
    [
      "julia -L pre.jl hook.jl",
      ["/repo/sub/pre.jl", "/repo/sub/hook.jl", "/home/me/.julia/config/startup.jl"],
    ],
    ["racket hook.rkt", ["/repo/sub/hook.rkt"]],
    ["guile -s hook.scm", ["/repo/sub/hook.scm"]],
    ["guile hook.scm", ["/repo/sub/hook.scm"]],
    ["osascript hook.applescript", ["/repo/sub/hook.applescript"]],
    ["jq -f prog.jq input.json", ["/repo/sub/prog.jq", "/home/me/.jq"]],
    ["jq --from-file ./prog.jq", ["/repo/sub/prog.jq", "/home/me/.jq"]],
    ["jq -n -r --arg x ./not-code.sh -f ./p.jq", ["/repo/sub/p.jq", "/home/me/.jq"]],
    [
      "gdb -batch -x cmds.gdb ./prog",
      ["/repo/sub/cmds.gdb", "/repo/sub/prog", "/home/me/.gdbinit", "/home/me/.config/gdb/gdbinit"],
    ],
    ["gdb -nx -batch -x cmds.gdb", ["/repo/sub/cmds.gdb"]],
    ["vim -Es -u NONE -S script.vim", ["/repo/sub/script.vim"]],
    ["vim --clean -u ./vimrc -c q", ["/repo/sub/vimrc"]],
    ["emacs -Q --script hook.el", ["/repo/sub/hook.el"]],
    ["emacs --batch -l ./a.el -l b.el", ["/repo/sub/a.el", "/repo/sub/b.el"]],
    ["m4 macros.m4 input.m4", ["/repo/sub/macros.m4", "/repo/sub/input.m4"]],
    ["bc -q calc.bc", ["/repo/sub/calc.bc"]],
    ["bc < calc.bc", ["/repo/sub/calc.bc"]],
    ["dc -f calc.dc", ["/repo/sub/calc.dc"]],
    ["psql -f q.sql", ["/repo/sub/q.sql", "/home/me/.psqlrc"]],
    ["mysql db < q.sql", ["/repo/sub/q.sql", "/home/me/.my.cnf", "/home/me/.mylogin.cnf"]],
    ["hash -p ./a.sh ls; ls", ["/repo/sub/a.sh"]],
    ["timeout 5 awk -f a.awk", ["/repo/sub/a.awk", "/repo/sub/a.awk.awk"]],
  ])("%s → %j", (command, expected) => {
    expect(files(command)).toEqual(expected);
    expect(code(command)).toEqual([]);
  });

  it.each([
    ["awk '{ system($0) }'", "may run shell commands"],
    ["gawk '@include \"lib\"; { print }'", "loads files or modules"],
    ["gawk -i lib '{ print }'", "AWKPATH"],
    ["AWKPATH=./lib gawk -f a.awk", "AWKPATH"],
    ["sed 's/^/./e'", "may run shell commands"],
    ["sed -e '1e ./a.sh'", "may run shell commands"],
    ["jq 'include \"mine\"; .'", "loads files or modules"],
    ["jq -L lib 'import \"m\" as m; .'", "loads files or modules"],
    ["lua -l mod hook.lua", "a module loaded by name"],
    ["vim -S s.vim", "plugins"],
    ["fish hook.fish", "conf.d"],
  ])("%s: reports what it may load as not hashed (%s)", (command, reason) => {
    expect(
      code(command)
        .map((entry) => entry.reason)
        .join("\n"),
    ).toContain(reason);
  });

  it("does not flag sed and awk programs that run nothing", () => {
    for (const command of [
      "sed -n 's/name/x/p'",
      "sed '/error/d'",
      "awk '{ print $1 }'",
      "awk -F: '$1 == \"x\" || $2 { print }'",
      "sed --sandbox 's/^/./e'",
    ]) {
      expect(scripts(command).notHashed, command).toEqual([]);
    }
  });

  it("reads sqlite3's operands after the database as program text", () => {
    expect(code("sqlite3 :memory: '.read cmds.sql'")[0]?.reason).toContain("loads files");
    expect(code("sqlite3 db '.shell ./a.sh'")[0]?.reason).toContain("shell commands");
    expect(code("sqlite3 db \".once '|./a.sh'\" 'select 1'")[0]?.reason).toContain(
      "shell commands",
    );
    expect(code("sqlite3 db 'select count(*) from t'")).toEqual([]);
  });
});

// Code reached by another name: exported functions, hash -p, aliases, start-up files.
describe("code reached by another name", () => {
  it("follows an exported function given through env or the hook's env", () => {
    expect(files("env 'BASH_FUNC_x%%=() { ./a.sh; }' bash -c x")).toEqual(["/repo/sub/a.sh"]);
    expect(scripts("bash -c x", { "BASH_FUNC_x%%": "() { ./b.sh; }" }).files).toEqual([
      "/repo/sub/b.sh",
    ]);
    expect(
      scripts("bash -c nothing", { "BASH_FUNC_command_not_found_handle%%": "() { ./c.sh; }" })
        .files,
    ).toEqual(["/repo/sub/c.sh"]);
    expect(code('env "BASH_FUNC_x%%=$CODE" bash -c x')[0]?.word).toContain("BASH_FUNC_x%%");
  });

  it("follows an alias's value as shell code", () => {
    expect(files("alias ls=./a.sh\nls")).toEqual(["/repo/sub/a.sh"]);
    expect(files("shopt -s expand_aliases; alias ll='cd hooks && ./b.sh'; ll")).toContain(
      "/repo/sub/hooks/b.sh",
    );
    expect(code('alias x="$CMD"')[0]?.reason).toContain("alias");
  });

  it("follows PROMPT_COMMAND as shell code", () => {
    expect(files("PROMPT_COMMAND=./p.sh bash -i -c true")).toContain("/repo/sub/p.sh");
  });

  it.each([
    ["bash -l -c true", ["/home/me/.bash_profile", "/home/me/.bash_login", "/home/me/.profile"]],
    ["bash -lc true", ["/home/me/.bash_profile", "/home/me/.bash_login", "/home/me/.profile"]],
    [
      "bash --login x.sh",
      ["/repo/sub/x.sh", "/home/me/.bash_profile", "/home/me/.bash_login", "/home/me/.profile"],
    ],
    ["bash --noprofile -l -c true", []],
    ["bash -i -c true", ["/home/me/.bashrc"]],
    ["bash --norc -i -c true", []],
    ["sh -l -c true", ["/home/me/.profile"]],
    ["dash -l x.sh", ["/repo/sub/x.sh", "/home/me/.profile"]],
    [
      "HOME=/tmp/h bash -l -c true",
      ["/tmp/h/.bash_profile", "/tmp/h/.bash_login", "/tmp/h/.profile"],
    ],
    ["env HOME=/tmp/h sh -lc true", ["/tmp/h/.profile"]],

    ["zsh x.zsh", ["/repo/sub/x.zsh", "/home/me/.zshenv"]],
    ["zsh -l -c true", ["/home/me/.zshenv", "/home/me/.zprofile", "/home/me/.zlogin"]],
    ["zsh -i -c true", ["/home/me/.zshenv", "/home/me/.zshrc"]],
    ["zsh -f -c true", []],
    ["ZDOTDIR=/tmp/z zsh -c true", ["/tmp/z/.zshenv"]],
    ["mksh -i -c true", ["/home/me/.mkshrc"]],
    ["ksh -l -c true", ["/home/me/.profile"]],
    ["fish -c true", ["/home/me/.config/fish/config.fish"]],
    ["fish --no-config -c true", []],
    ["bash -c true", []],
    ["sh x.sh", ["/repo/sub/x.sh"]],
  ])("%s reads its start-up files %j", (command, expected) => {
    expect(files(command)).toEqual(expected);
  });

  // bash reads ~/.bashrc when stdin is a socket and SHLVL is unset (node's stdio pipes are socket
  // pairs): a candidate observed, when the disk may be looked at.
  it.each([
    ["bash -c ./a.sh", ["/repo/sub/a.sh", "/home/me/.bashrc"]],
    ["env -u SHLVL bash x.sh", ["/repo/sub/x.sh", "/home/me/.bashrc"]],
    ["bash --norc -c true", []],
    ["bash --posix -c true", []],
    ["bash -o posix -c true", []],
    ["sh -c ./a.sh", ["/repo/sub/a.sh"]],
  ])("%s hashes ~/.bashrc as a candidate: %j", (command, expected) => {
    const lookup = {
      kindOf: () => "missing" as const,
      readText: () => null,
      list: () => null,
      realPath: () => null,
    };
    expect(resolveHookScripts(command, { ...where, lookup }).files).toEqual(expected);
  });

  it("reads the start-up files under a HOME the command exports", () => {
    // POSIX sh reads `export` as a plain command: the home it started with is hashed too.
    expect(files("export HOME=/tmp/h; sh -l -c true")).toContain("/tmp/h/.profile");
  });

  it("reports a start-up file under a HOME not known before the shell runs", () => {
    expect(code('HOME="$X" bash -l -c true')[0]?.reason).toContain("start-up files");
  });
});

// Unknown means flagged; data readers list what they read.
describe("programs not in the tables, and data readers", () => {
  it.each([
    ["mytool ./config.js", "./config.js", "/repo/sub/config.js"],
    ["mytool run hooks/x.py", "hooks/x.py", "/repo/sub/hooks/x.py"],
    ["mytool --config=./x.toml", "--config=./x.toml", "/repo/sub/x.toml"],
    ["mytool ~/x", "~/x", "/home/me/x"],
    ["mytool < input.lisp", "input.lisp", "/repo/sub/input.lisp"],
    ["git -C /opt/repo status", "/opt/repo", "/opt/repo"],
  ])("%s flags %s as code not hashed", (command, word, file) => {
    const entry = code(command).find((item) => item.word === word);
    expect(entry).toMatchObject({ file, reason: expect.stringContaining("not known") });
    expect(entry?.role).toBeUndefined();
  });

  it.each([
    ["cat x.json", "x.json", "/repo/sub/x.json"],
    ["head -n 5 ./log/a.txt", "./log/a.txt", "/repo/sub/log/a.txt"],
    ["grep -q foo ~/notes.md", "~/notes.md", "/home/me/notes.md"],
    ["jq .x data.json", "data.json", "/repo/sub/data.json"],
    ["jq -f p.jq data.json", "data.json", "/repo/sub/data.json"],
    ["diff a.txt /opt/b.txt", "/opt/b.txt", "/opt/b.txt"],
    ["wc -l < lines.txt", "lines.txt", "/repo/sub/lines.txt"],
    ["python3 x.py < in.json", "in.json", "/repo/sub/in.json"],
    ["awk '{ print }' in.txt", "in.txt", "/repo/sub/in.txt"],
    ["sed -n p in.txt", "in.txt", "/repo/sub/in.txt"],
  ])("%s lists %s as data read", (command, word, file) => {
    expect(data(command)).toContainEqual(expect.objectContaining({ word, file, role: "data" }));
    expect(code(command)).toEqual([]);
  });

  it.each([
    "jq -r .tool_name",
    "git --version",
    'echo \'{"decision":"approve"}\'',
    "curl -s https://example.com/x.json",
    "mkdir -p ./out && echo done > out/log.txt",
    "printf '%s\\n' ok.txt",
    "cat",
    "rm -f ./tmp.json",
    "./a.sh config.json",
  ])("%s: nothing flagged", (command) => {
    expect(code(command)).toEqual([]);
  });
});
