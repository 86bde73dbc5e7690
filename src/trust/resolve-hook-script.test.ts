import { describe, expect, it } from "vitest";
import { resolveHookScript, resolveHookScripts } from "./resolve-hook-script.js";

const where = { cwd: "/repo/sub", home: "/home/me", env: { PLUGIN_ROOT: "/plugins/lint" } };
const scripts = (command: string, extra: { gitRoot?: string | null } = {}) =>
  resolveHookScripts(command, { ...where, ...extra });
const files = (command: string) => scripts(command).files;
const reasons = (command: string) => scripts(command).notHashed.map((entry) => entry.reason);

describe("resolveHookScript", () => {
  it.each([
    // The first word, when it is a path.
    ["./guard.sh", "/repo/sub/guard.sh"],
    ["hooks/guard.sh --strict", "/repo/sub/hooks/guard.sh"],
    ["/opt/hooks/guard.sh", "/opt/hooks/guard.sh"],
    ["~/.zerotwo/hooks/guard.sh", "/home/me/.zerotwo/hooks/guard.sh"],
    ["$HOME/hooks/guard.sh", "/home/me/hooks/guard.sh"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    ["${PLUGIN_ROOT}/hooks/format.sh", "/plugins/lint/hooks/format.sh"],
    ['"$PLUGIN_ROOT/hooks/my hook.sh" arg', "/plugins/lint/hooks/my hook.sh"],
    ["'./my hook.sh'", "/repo/sub/my hook.sh"],
    ["./my\\ hook.sh", "/repo/sub/my hook.sh"],
    ["./guard.sh && echo done", "/repo/sub/guard.sh"],
    ["./guard.sh|tee log", "/repo/sub/guard.sh"],
    ["FOO=1 BAR='x y' ./guard.sh", "/repo/sub/guard.sh"],
    ["exec ./guard.sh", "/repo/sub/guard.sh"],
    // Interpreters: the script after their options.
    ["python3 ~/.zerotwo/hooks/session_start.py", "/home/me/.zerotwo/hooks/session_start.py"],
    ["python guard.py", "/repo/sub/guard.py"],
    ["python3.12 -u -W ignore guard.py --flag", "/repo/sub/guard.py"],
    ["/usr/bin/python3 -Wignore guard.py", "/repo/sub/guard.py"],
    ["node hook.mjs --require ./not-a-preload.js", "/repo/sub/hook.mjs"],
    ["node --import=tsx hook.ts", "/repo/sub/hook.ts"],
    ["bash -e ./guard.sh", "/repo/sub/guard.sh"],
    ["sh guard.sh", "/repo/sub/guard.sh"],
    ["zsh -o errexit guard.zsh", "/repo/sub/guard.zsh"],
    ["ruby hook.rb", "/repo/sub/hook.rb"],
    ["perl -w hook.pl", "/repo/sub/hook.pl"],
    ["deno run --allow-read hook.ts", "/repo/sub/hook.ts"],
    ["deno run -A -- hook.ts", "/repo/sub/hook.ts"],
    ["bun run hook.ts", "/repo/sub/hook.ts"],
    ["bun hook.ts", "/repo/sub/hook.ts"],
    ["npx tsx hook.ts", "/repo/sub/hook.ts"],
    ["npx --yes tsx hook.ts", "/repo/sub/hook.ts"],
    ["tsx hook.ts", "/repo/sub/hook.ts"],
    ["/usr/bin/env python3 hook.py", "/repo/sub/hook.py"],
    ["env -i PATH=/bin node hook.js", "/repo/sub/hook.js"],
    ["/usr/bin/env bash -- ~/hooks/x.sh", "/home/me/hooks/x.sh"],
    ['python3 "$PLUGIN_ROOT/scripts/check.py"', "/plugins/lint/scripts/check.py"],
    ["python3 `pwd`/x.py", "/repo/sub/x.py"],
  ])("%s → %s", (command, expected) => {
    expect(resolveHookScript(command, where)).toBe(expected);
  });

  it.each([
    ["bare program looked up on PATH", "date +%s"],
    ["echo", "echo hello"],
    ["empty", ""],
    ["only assignments", "FOO=1"],
    ["a query, not a run", "command -v date"],
  ])("%s: none", (_, command) => {
    expect(resolveHookScript(command, where)).toBeNull();
    expect(scripts(command).notHashed).toEqual([]);
  });

  it.each([
    ["node -e 'console.log(1)'", "'console.log(1)'"],
    ["node -p 1", "1"],
    ["node --eval 'import(\"./x.mjs\")'", "'import(\"./x.mjs\")'"],
    ["python3 -c 'import sys'", "'import sys'"],
    ["perl -e 'system(\"./a.sh\")'", "'system(\"./a.sh\")'"],
    ["ruby -e 'load \"x.rb\"'", "'load \"x.rb\"'"],
    ["php -r 'include \"x.php\";'", "'include \"x.php\";'"],
    ["python3 - <<'EOF'\nimport x\nEOF", "import x EOF"],
    ["tclsh <<'EOF'\nexec ./a.sh\nEOF", "exec ./a.sh EOF"],
  ])("%s: inline code in another language is flagged, not followed", (command, word) => {
    expect(scripts(command).files).toEqual([]);
    expect(scripts(command).notHashed).toContainEqual({
      word,
      reason: expect.stringContaining("inline code in a language other than shell"),
    });
  });

  it.each([
    ["bash", "bash"],
    ["sh -s", "sh"],
    ["python3", "python3"],
  ])("%s: a program read from the event payload is flagged", (command, word) => {
    expect(scripts(command)).toMatchObject({
      files: [],
      notHashed: [{ word, reason: expect.stringContaining("the event payload") }],
    });
  });

  it("flags node --test with no file (it runs every test file it finds)", () => {
    expect(scripts("node --test").notHashed).toEqual([
      { word: "node --test", reason: expect.stringContaining("every test file it finds") },
    ]);
    expect(scripts("node --test t.js")).toMatchObject({ files: ["/repo/sub/t.js"], notHashed: [] });
  });

  it("flags a bare program after . or source (PATH may have changed), not a builtin", () => {
    const found = scripts(". .venv/bin/activate && python hooks/a.py && echo done");
    expect(found.files).toEqual(["/repo/sub/.venv/bin/activate", "/repo/sub/hooks/a.py"]);
    expect(found.notHashed).toEqual([
      { word: "python", reason: "a program looked up on a PATH this command changes" },
    ]);
  });

  it("flags a bare program after the command sets PATH, not under a PATH the hook is given", () => {
    expect(scripts("PATH=./bin:/usr/bin; python3 x.py").notHashed).toEqual([
      { word: "python3", reason: "a program looked up on a PATH this command changes" },
    ]);
    const given = resolveHookScripts("python3 x.py", { ...where, env: { PATH: "/usr/bin" } });
    expect(given).toMatchObject({ files: ["/repo/sub/x.py"], notHashed: [] });
    expect(given.required).toEqual([{ file: "/repo/sub/x.py", executable: false }]);
  });

  it.each([
    ['cat "$(./inner.sh)"', '"$(./inner.sh)"', "a command substitution"],
    ["cat *.json", "*.json", "glob"],
  ])("%s: a data word not known before the shell runs is listed as data", (command, word, why) => {
    expect(scripts(command).notHashed).toEqual([
      { word, reason: expect.stringContaining(why), role: "data" },
    ]);
  });

  it("lists a directory a data reader reads recursively, as data", () => {
    expect(scripts("grep -r a --include=*.json .").notHashed).toContainEqual({
      word: ".",
      reason: "a file the program reads as data",
      file: "/repo/sub",
      role: "data",
    });
  });

  it("flags awk program text that reads a file with getline", () => {
    expect(scripts(`awk 'BEGIN { while ((getline l < "x.py") > 0) n++ }'`).notHashed).toEqual([
      expect.objectContaining({ reason: expect.stringContaining("reads files") }),
    ]);
  });

  it("reads argv commands without a shell: only the program's ~/ expands", () => {
    expect(resolveHookScript(["~/hooks/guard.sh", "--x"], where)).toBe("/home/me/hooks/guard.sh");
    expect(resolveHookScript(["python3", "hooks/guard.py"], where)).toBe(
      "/repo/sub/hooks/guard.py",
    );
    expect(resolveHookScript(["python3", "$HOME/guard.py"], where)).toBe(
      "/repo/sub/$HOME/guard.py",
    );
    expect(resolveHookScript(["git", "status"], where)).toBeNull();
    expect(resolveHookScripts(["node", "-r", "./pre.js", "main.js"], where).files).toEqual([
      "/repo/sub/pre.js",
      "/repo/sub/main.js",
    ]);
    expect(resolveHookScripts(["env", "-C", "hooks", "./a.sh"], where).files).toEqual([
      "/repo/sub/hooks/a.sh",
    ]);
  });
});

describe("resolveHookScripts", () => {
  it.each([
    ["./a.sh && ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh; ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh | ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    [
      "./a.sh || python3 b.py & node c.mjs",
      ["/repo/sub/a.sh", "/repo/sub/b.py", "/repo/sub/c.mjs"],
    ],
    ["./a.sh\n./b.sh # ./not-run.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    [
      "./a.sh 2>/dev/null >> log.txt && bash ./b.sh </dev/null",
      ["/repo/sub/a.sh", "/repo/sub/b.sh"],
    ],
    ["./a.sh &>/dev/null; ./b.sh 2>&1 | tee log", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["(./a.sh) && { ./b.sh; }", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    [
      "if ./a.sh; then ./b.sh; else ! ./c.sh; fi",
      ["/repo/sub/a.sh", "/repo/sub/b.sh", "/repo/sub/c.sh"],
    ],
    ["while ./a.sh; do ./b.sh; done", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["case $1 in x) ./a.sh;; *) ./b.sh;; esac", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    // jq loads ~/.jq into every program it runs.
    ["echo start && ./a.sh && jq . && ./a.sh", ["/repo/sub/a.sh", "/home/me/.jq"]],
    ["source ~/env.sh && . ./lib.sh", ["/home/me/env.sh", "/repo/sub/lib.sh"]],
    [
      "node x.mjs && python3 x.py && bash x.sh",
      ["/repo/sub/x.mjs", "/repo/sub/x.py", "/repo/sub/x.sh"],
    ],
    ['echo "a && ./quoted.sh" && ./a.sh', ["/repo/sub/a.sh"]],
    ['echo "$(./gen.sh)" > "$(python3 out.py)"', ["/repo/sub/gen.sh", "/repo/sub/out.py"]],
    // Scripts first, then what a lookup only looked at.
    ["jq . > `~/hooks/x.sh`", ["/home/me/hooks/x.sh", "/home/me/.jq"]],
  ])("%s → every script", (command, expected) => {
    expect(scripts(command)).toMatchObject({ files: expected, notHashed: [] });
  });

  // Where a hand-written splitter and the shell disagree: the parser reads what sh reads.
  it.each([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ['./.zerotwo/hooks/a.sh "${X:-"}"}"', ["/repo/sub/.zerotwo/hooks/a.sh"]],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["./a.sh \"${X:-'}'}\" && ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh \"it's\" '\"' && ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh # it's a comment\n./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh <<'EOF'\n' \" `\nEOF\n./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh <<EOF\nx\nEOF\n./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["./a.sh \\\n  --flag && ./b.sh", ["/repo/sub/a.sh", "/repo/sub/b.sh"]],
    ["[[ -f x ]] && ./a.sh", ["/repo/sub/a.sh"]],
  ])("%s → what sh runs", (command, expected) => {
    expect(files(command)).toEqual(expected);
  });

  // Commands nested in expansions run too.
  it.each([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["echo ${X:-$(./a.sh)}", "/repo/sub/a.sh"],
    ["echo $((1 + $(./a.sh)))", "/repo/sub/a.sh"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["echo ${X/$(./a.sh)/y}", "/repo/sub/a.sh"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["echo ${X[$(./a.sh)]}", "/repo/sub/a.sh"],
    ["[[ $(./a.sh) == ok ]]", "/repo/sub/a.sh"],
    ["diff <(./a.sh) /dev/null", "/repo/sub/a.sh"],
    ["X=$(./a.sh) true", "/repo/sub/a.sh"],
    ["for f in $(./a.sh); do :; done", "/repo/sub/a.sh"],
    ['cat > "$(./a.sh)"', "/repo/sub/a.sh"],
    ["f() { ./a.sh; }; f", "/repo/sub/a.sh"],
  ])("%s → %s", (command, expected) => {
    expect(files(command)).toContain(expected);
  });

  // Files the command loads or feeds an interpreter, beyond its first word.
  it.each([
    ["node -r ./pre.js main.js", ["/repo/sub/pre.js", "/repo/sub/main.js"]],
    ["node --require ./pre.js main.js", ["/repo/sub/pre.js", "/repo/sub/main.js"]],
    ["node --import ./pre.mjs main.mjs", ["/repo/sub/pre.mjs", "/repo/sub/main.mjs"]],
    ["node --loader=./loader.mjs main.mjs", ["/repo/sub/loader.mjs", "/repo/sub/main.mjs"]],
    ["node --env-file .env main.js", ["/repo/sub/.env", "/repo/sub/main.js"]],
    ["node --test a.test.js b.test.js", ["/repo/sub/a.test.js", "/repo/sub/b.test.js"]],
    ["ruby -r ./pre.rb main.rb", ["/repo/sub/pre.rb", "/repo/sub/main.rb"]],
    ["ruby -r./pre.rb -C lib main.rb", ["/repo/sub/pre.rb", "/repo/sub/lib/main.rb"]],
    ["perl -M./Pre.pm main.pl", ["/repo/sub/Pre.pm", "/repo/sub/main.pl"]],
    ["php -d auto_prepend_file=pre.php main.php", ["/repo/sub/pre.php", "/repo/sub/main.php"]],
    ["php -c custom.ini -f main.php", ["/repo/sub/custom.ini", "/repo/sub/main.php"]],
    ["bash < a.sh", ["/repo/sub/a.sh"]],
    ["sh -s < a.sh", ["/repo/sub/a.sh"]],
    ["python3 - < g.py", ["/repo/sub/g.py"]],
    ["bash <<'EOF'\n./here.sh\nEOF", ["/repo/sub/here.sh"]],
    ["bash -c './a.sh && python3 b.py'", ["/repo/sub/a.sh", "/repo/sub/b.py"]],
    ["sh -ec 'cd /opt && ./z.sh'", ["/opt/z.sh"]],
    ["bash -c \"bash -c './deep.sh'\"", ["/repo/sub/deep.sh"]],
    ["BASH_ENV=./env.sh bash -c true", ["/repo/sub/env.sh"]],
    ["NODE_OPTIONS='--require ./x.js' node y.js", ["/repo/sub/x.js", "/repo/sub/y.js"]],
    ["LD_PRELOAD=./hook.so ./a.sh", ["/repo/sub/hook.so", "/repo/sub/a.sh"]],
    ["export BASH_ENV=/etc/env.sh; bash x.sh", ["/etc/env.sh", "/repo/sub/x.sh"]],
    ["trap './cleanup.sh' EXIT; ./a.sh", ["/repo/sub/cleanup.sh", "/repo/sub/a.sh"]],
    ["enable -f ./builtin.so mine", ["/repo/sub/builtin.so"]],
    [
      "python3 -m hooks.guard",
      [
        "/repo/sub/hooks/guard.py",
        "/repo/sub/hooks/guard/__main__.py",
        "/repo/sub/hooks/guard/__init__.py",
        "/repo/sub/hooks/__init__.py",
      ],
    ],
  ])("%s → %j", (command, expected) => {
    expect(files(command)).toEqual(expected);
  });

  // An option's value is not the script.
  it.each([
    ["python3 --check-hash-based-pycs default g.py", "/repo/sub/g.py"],
    ["python3 -X dev -W ignore -u g.py", "/repo/sub/g.py"],
    ["node --title hook --stack-size 900 main.js", "/repo/sub/main.js"],
    ["node --input-type module main.mjs", "/repo/sub/main.mjs"],
    ["ruby -E UTF-8 -I lib main.rb", "/repo/sub/main.rb"],
    ["bash -o pipefail +O extglob a.sh", "/repo/sub/a.sh"],
  ])("%s → %s", (command, expected) => {
    expect(files(command)).toEqual([expected]);
  });

  // An option not known here may or may not take the next word: both candidates are hashed.
  it("hashes both candidates after an option it does not know", () => {
    expect(files("npx --registry https://x tsx hook.ts")).toContain("/repo/sub/hook.ts");
    expect(files("npx -c './a.sh'")).toEqual(["/repo/sub/a.sh"]);
    expect(files("node --frobnicate value main.js")).toEqual([
      "/repo/sub/value",
      "/repo/sub/main.js",
    ]);
    expect(files("python3 -Z g.py h.py")).toEqual(["/repo/sub/g.py", "/repo/sub/h.py"]);
  });

  // Wrappers run the command after their own options and operands.
  it.each([
    ["timeout 10 ./a.sh", "/repo/sub/a.sh"],
    ["timeout -s KILL -k 5 10s ./a.sh", "/repo/sub/a.sh"],
    ["nice -n 5 ./a.sh", "/repo/sub/a.sh"],
    ["nice -10 ./a.sh", "/repo/sub/a.sh"],
    ["nohup ./a.sh", "/repo/sub/a.sh"],
    ["setsid -w ./a.sh", "/repo/sub/a.sh"],
    ["stdbuf -o0 ./a.sh", "/repo/sub/a.sh"],
    ["ionice -c 3 ./a.sh", "/repo/sub/a.sh"],
    ["taskset 0x1 ./a.sh", "/repo/sub/a.sh"],
    ["time -p ./a.sh", "/repo/sub/a.sh"],
    ["/usr/bin/time -f %e ./a.sh", "/repo/sub/a.sh"],
    ["eval ./a.sh", "/repo/sub/a.sh"],
    ["eval 'cd hooks && ./a.sh'", "/repo/sub/hooks/a.sh"],
    ["exec -a name ./a.sh", "/repo/sub/a.sh"],
    ["command ./a.sh", "/repo/sub/a.sh"],
    ["builtin source ./a.sh", "/repo/sub/a.sh"],
    ["xargs ./a.sh", "/repo/sub/a.sh"],
    ["xargs -n 1 -I {} ./a.sh {}", "/repo/sub/a.sh"],
    ["sudo -u nobody ./a.sh", "/repo/sub/a.sh"],
    ["flock /tmp/lock ./a.sh", "/repo/sub/a.sh"],
    ["flock /tmp/lock -c './a.sh'", "/repo/sub/a.sh"],
    ["watch -n 1 ./a.sh", "/repo/sub/a.sh"],
    ["find . -name '*.py' -exec ./a.sh {} +", "/repo/sub/a.sh"],
    ["env -C hooks ./a.sh", "/repo/sub/hooks/a.sh"],
    ["env --chdir=hooks ./a.sh", "/repo/sub/hooks/a.sh"],
    ["env -S './a.sh -v'", "/repo/sub/a.sh"],
    ["timeout 5 env -C hooks nice ./a.sh", "/repo/sub/hooks/a.sh"],
  ])("%s → %s", (command, expected) => {
    expect(files(command)).toContain(expected);
    expect(scripts(command).notHashed).toEqual([]);
  });

  it("follows cd through every directory it may leave the shell in", () => {
    expect(files("cd hooks && ./a.sh && cd /opt && ./b.sh")).toEqual([
      "/repo/sub/hooks/a.sh",
      "/opt/b.sh",
    ]);
    expect(files("cd && ./a.sh")).toEqual(["/home/me/a.sh"]);
    // A failed cd leaves the shell where it was: both are hashed.
    expect(files("cd hooks; ./a.sh")).toEqual(["/repo/sub/hooks/a.sh", "/repo/sub/a.sh"]);
    expect(files("cd hooks && ./a.sh; ./b.sh")).toEqual([
      "/repo/sub/hooks/a.sh",
      "/repo/sub/hooks/b.sh",
      "/repo/sub/b.sh",
    ]);
    expect(files("cd hooks || exit 1; ./a.sh")).toEqual(["/repo/sub/hooks/a.sh"]);
    // A subshell's cd does not outlive it.
    expect(files("(cd hooks && ./a.sh); ./b.sh")).toEqual([
      "/repo/sub/hooks/a.sh",
      "/repo/sub/b.sh",
    ]);
    expect(files('cd "$PLUGIN_ROOT" && ./a.sh')).toEqual(["/plugins/lint/a.sh"]);
    expect(files("D=hooks; cd $D && ./a.sh")).toEqual(["/repo/sub/hooks/a.sh"]);
  });

  it("resolves the git root form only when the git root is known", () => {
    const command = '/usr/bin/python3 "$(git rev-parse --show-toplevel)/.zerotwo/hooks/x.py"';
    expect(scripts(command, { gitRoot: "/repo" })).toMatchObject({
      files: ["/repo/.zerotwo/hooks/x.py"],
      notHashed: [],
    });
    expect(scripts("`git rev-parse --show-toplevel`/h.sh", { gitRoot: "/repo" }).files).toEqual([
      "/repo/h.sh",
    ]);
    expect(scripts(command, { gitRoot: null }).notHashed.map((entry) => entry.word)).toEqual([
      '"$(git rev-parse --show-toplevel)/.zerotwo/hooks/x.py"',
    ]);
    // After a `cd`, git may find another repository.
    expect(scripts(`cd /elsewhere && ${command}`, { gitRoot: "/repo" }).files).toEqual([]);
    expect(
      scripts('cd "$(git rev-parse --show-toplevel)" && ./hooks/a.sh', { gitRoot: "/repo" }),
    ).toMatchObject({ files: ["/repo/hooks/a.sh"], notHashed: [] });
  });

  it.each([
    [
      './a.sh && "$(dirname x)/b.sh"',
      ["/repo/sub/a.sh"],
      '"$(dirname x)/b.sh"',
      "a command substitution",
    ],
    ["$UNKNOWN/hook.sh | ./b.sh", ["/repo/sub/b.sh"], "$UNKNOWN/hook.sh", "the variable $UNKNOWN"],
    ['"$TOOL" --check', [], '"$TOOL"', "the variable $TOOL"],
    ["python3 `which x`.py", [], "`which x`.py", "a command substitution"],
    ["./a.sh; hooks/*.sh", ["/repo/sub/a.sh"], "hooks/*.sh", "a glob"],
    ["./{a,b}.sh", [], "./{a,b}.sh", "a brace expansion"],
    ["source lib.sh", [], "lib.sh", "a file the shell looks up on PATH"],
    ["~root/guard.sh", [], "~root/guard.sh", "the home directory ~root"],
    ['python3 "$1"', [], '"$1"', "the special parameter $1"],
    ['bash -c "$CODE"', [], '"$CODE"', "shell code that is the variable $CODE"],
    ['python3 -c "$(cat x.py)"', [], '"$(cat x.py)"', "inline code that is a command substitution"],
    [
      'cd "$(dirname x)" && ./a.sh && /opt/b.sh',
      ["/opt/b.sh"],
      "./a.sh",
      "a relative path after a cd",
    ],
    ["for d in a b; do cd $d; ./run.sh; done", [], "./run.sh", "a relative path after a cd"],
    ["cat a.sh | bash", [], "bash", "the program is read from a pipe"],
    ["bash <(curl -s x)", [], "<(curl -s x)", "a process substitution"],
    ["npx prettier --check .", [], "prettier", "a package's program"],
    ["node --import tsx main.ts", ["/repo/sub/main.ts"], "tsx", "a module loaded by name"],
    ["ruby -rjson main.rb", ["/repo/sub/main.rb"], "-rjson", "a module loaded by name"],
    ["PYTHONPATH=lib python3 g.py", ["/repo/sub/g.py"], "PYTHONPATH=lib", "changes where modules"],
    ["PATH=./bin:$PATH lint", [], "lint", "a program looked up on a PATH this command changes"],
    [
      "make lint",
      ["/repo/sub/GNUmakefile", "/repo/sub/makefile", "/repo/sub/Makefile"],
      "make lint",
      "the scripts its tasks run are not",
    ],
    [
      "npm run lint",
      ["/repo/sub/package.json"],
      "npm run lint",
      "the scripts its tasks run are not",
    ],
    ["parallel ./a.sh ::: 1 2", [], "parallel ./a.sh ::: 1 2", "GNU parallel"],
  ])("%s: reports %s as not hashed", (command, expected, word, reason) => {
    const found = scripts(command);
    expect(found.files).toEqual(expected);
    const entries = found.notHashed.filter((item) => item.word === word);
    expect(entries.map((entry) => entry.reason).join("\n")).toContain(reason);
  });

  it.each([
    ["an unclosed quote", "python3 'guard.py"],
    ["an embedded newline before an unclosed quote", './.zerotwo/hooks/a.sh\n: "'],
    ["a stray keyword", "./a.sh; fi"],
    ["an unclosed substitution", "./a.sh $(./b.sh"],
  ])("reports a command the parser rejects (%s) as wholly not hashed", (_, command) => {
    const found = scripts(command);
    expect(found.files).toEqual([]);
    expect(found.notHashed[0]?.word).toBe(command.replace(/\s*\n\s*/g, " "));
    expect(found.notHashed[0]?.reason).toMatch(/parser rejects the command \(\d+:\d+: .+\)/);
  });

  it("reads a command as bash and as POSIX sh when the shell is sh", () => {
    // dash reads $'…' as a `$` followed by a quoted string: both files may run.
    expect(resolveHookScripts("$'./a.sh'", { ...where, shell: "sh" }).files).toEqual([
      "/repo/sub/a.sh",
      "/repo/sub/$./a.sh",
    ]);
    expect(resolveHookScripts("$'./a.sh'", { ...where, shell: "bash" }).files).toEqual([
      "/repo/sub/a.sh",
    ]);
    // Syntax only bash has is a syntax error for dash, and says so.
    const arrays = resolveHookScripts("a=(1 2); ./a.sh", { ...where, shell: "sh" });
    expect(arrays.files).toEqual(["/repo/sub/a.sh"]);
    expect(arrays.notHashed.map((entry) => entry.reason).join()).toContain("POSIX sh parser");
  });

  it("checks variables the hook's own env sets to load code", () => {
    const found = resolveHookScripts("node main.js", {
      ...where,
      env: { NODE_OPTIONS: "--require ./trace.js", LD_PRELOAD: "/opt/x.so" },
    });
    expect(found.files).toEqual(["/repo/sub/trace.js", "/opt/x.so", "/repo/sub/main.js"]);
  });

  it("hashes an interpreter given by a path outside the system's own directories", () => {
    expect(files("/usr/bin/python3 x.py")).toEqual(["/repo/sub/x.py"]);
    expect(files("~/venv/bin/python3 x.py")).toEqual([
      "/home/me/venv/bin/python3",
      "/repo/sub/x.py",
    ]);
    expect(files("./node_modules/.bin/tsx x.ts")).toEqual([
      "/repo/sub/node_modules/.bin/tsx",
      "/repo/sub/x.ts",
    ]);
  });

  it("reports a command nested deeper than the parser can follow instead of throwing", () => {
    for (const command of [
      `${"(".repeat(5000)}./a.sh${")".repeat(5000)}`,
      `echo ${"$(".repeat(5000)}x${")".repeat(5000)}`,
    ]) {
      const found = scripts(command);
      expect(found.files).toEqual([]);
      expect(found.notHashed[0]?.reason).toContain("so nothing it runs is hashed");
    }
  });

  it("reports shell code nested too deep instead of following it forever", () => {
    let command = "./a.sh";
    for (let level = 0; level < 10; level += 1) command = `eval ${JSON.stringify(command)}`;
    expect(reasons(command).join()).toContain("nested more than");
  });
});

describe("resolveHookScripts required", () => {
  const required = (command: string | readonly string[]) =>
    resolveHookScripts(command, where).required;

  it.each([
    // The first command's own program, given by path: it must exist and be executable.
    ["./guard.sh", [{ file: "/repo/sub/guard.sh", executable: true }]],
    [
      '"$PLUGIN_ROOT"/hooks/x.sh --strict',
      [{ file: "/plugins/lint/hooks/x.sh", executable: true }],
    ],
    ["~/.deepagents/hooks/x.sh", [{ file: "/home/me/.deepagents/hooks/x.sh", executable: true }]],
    ["./a.sh && ./b.sh", [{ file: "/repo/sub/a.sh", executable: true }]],
    ["./a.sh | tee log", [{ file: "/repo/sub/a.sh", executable: true }]],
    ["FOO=1 ./guard.sh", [{ file: "/repo/sub/guard.sh", executable: true }]],
    // An interpreter's only script: it must exist, not be executable.
    ["python3 guard.py", [{ file: "/repo/sub/guard.py", executable: false }]],
    ["node ~/hooks/x.js --flag", [{ file: "/home/me/hooks/x.js", executable: false }]],
    ["/usr/bin/env python3 x.py", [{ file: "/repo/sub/x.py", executable: false }]],
    ["bash ./x.sh", [{ file: "/repo/sub/x.sh", executable: false }]],
  ])("requires %j", (command, expected) => {
    expect(required(command)).toEqual(expected);
  });

  it.each([
    // Commands after the first may not run.
    "test -x ./a.sh && ./a.sh",
    "[ -f guard.py ] && python3 guard.py",
    "cd hooks && ./a.sh",
    "if true; then ./a.sh; fi",
    "f() { ./a.sh; }; f",
    // Candidates, not certain files.
    "node --frobnicate value main.js",
    "python3 -m package.module",
    "make lint",
    "npm run lint",
    "node -r ./preload.js main.js",
    // Code given inline, or a word not known before the shell runs.
    "bash -c './a.sh || true'",
    "python3 -c 'import x'",
    "$UNKNOWN/guard.sh",
    "python3 $UNKNOWN/guard.py",
    "./a.sh $(./b.sh)",
    // Programs found on PATH.
    "guard",
    "jq .",
  ])("requires nothing for %j", (command) => {
    expect(required(command)).toEqual([]);
  });

  it("requires an argv command's program given by path", () => {
    expect(required(["~/hooks/x.sh", "--strict"])).toEqual([
      { file: "/home/me/hooks/x.sh", executable: true },
    ]);
    expect(required(["python3", "guard.py"])).toEqual([
      { file: "/repo/sub/guard.py", executable: false },
    ]);
    expect(required(["python3", "-c", "print(1)"])).toEqual([]);
  });
});
