// Bundles the commands on the path of every tool call, `agent-hooks dispatch` and `agent-hooks
// shim`, each into one file, and writes V8's code cache of each after a training run (run after
// tsc, by `npm run build`): dist/cli/run-<command>-cli.js and everything it loads, dependencies included,
// minified, as the body of a CommonJS wrapper function (dist/cli/<command>.bundle.cjs), plus
// dist/cli/<command>.bundle.cjs.cache. One file with compiled code at hand instead of ~150
// modules to resolve and compile is what brings them near `node -e 0` (docs/performance.md, "CLI
// start-up"; docs/shim.md): bin/agent-hooks.js runs the command's bundle through node:vm while it
// is newer than the last tsc build (Node 20 has no compile cache for ES modules). Separate
// bundles keep the shim's small: it loads the runner and its translation tables, not the engine.
// The library's ESM output (dist/**) is left as it is.
// Usage: node scripts/build-cli-bundle.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
/** The bundled commands; bin/agent-hooks.js names the same files. */
const commands = ["dispatch", "shim"];
/**
 * Node modules a bundle loads only when one of their functions is first called: each is a few
 * milliseconds to load (node:crypto about 7 ms, node:fs/promises about 3), and a plain dispatch
 * or shim run calls none of them (trust hashing and spill files do).
 */
const lazyBuiltins = ["node:crypto", "node:fs/promises"];

for (const command of commands) {
  const entry = path.join(root, "dist", "cli", `run-${command}-cli.js`);
  if (!existsSync(entry)) {
    process.stderr.write(`build-cli-bundle: ${entry} is missing; run tsc first\n`);
    process.exit(1);
  }
}
for (const command of commands) {
  await bundleCommand(
    path.join(root, "dist", "cli", `run-${command}-cli.js`),
    path.join(root, "dist", "cli", `${command}.bundle.cjs`),
  );
}
trainCodeCaches();

async function bundleCommand(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    // Aliases resolve from here, whatever directory the script is run from.
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20.19",
    minify: true,
    sourcemap: "linked",
    sourcesContent: false,
    // Loaded only by dynamic import, so left to Node: yaml (skill and subagent frontmatter) and the
    // optional OpenTelemetry peer; required when used, since a node:vm script has no import().
    external: ["yaml", "@opentelemetry/api"],
    supported: { "dynamic-import": false },
    // jsonc-parser's main file is UMD, whose require() calls esbuild cannot follow; its ESM build.
    alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
    // The file is one function expression, compiled as it is by bin/agent-hooks.js (a CommonJS
    // module body); `import.meta.url` (createRequire, package.json) becomes the file's URL.
    define: { "import.meta.url": "__bundleUrl" },
    banner: {
      js: '(function (exports, require, module, __filename, __dirname) {"use strict";\nconst __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
    },
    footer: { js: "})" },
    plugins: [shareBuiltins({ lazy: lazyBuiltins })],
    logLevel: "warning",
  });

  // Compiled here once; V8 rejects the cache (and compiles anew) under another Node or V8 flags.
  // trainCodeCaches replaces it with one holding the functions a run calls.
  const script = new Script(readFileSync(outfile, "utf8"), { filename: outfile });
  writeFileSync(`${outfile}.cache`, script.createCachedData());
}

/**
 * Rewrites each bundle's code cache after a training run (scripts/write-code-cache.cjs): a
 * dispatch of a `true` hook from a --config file and one from a discovered Claude Code project,
 * and a shim run (a Codex apply_patch). Measured side by side, `dispatch` with one hook starts about 15 ms sooner than
 * with a cache of the top level alone (docs/performance.md, "CLI start-up"). A training run that
 * fails leaves the top-level cache in place, with a warning.
 */
function trainCodeCaches() {
  const directory = mkdtempSync(path.join(tmpdir(), "agent-hooks-code-cache-"));
  try {
    const home = path.join(directory, "home");
    const project = path.join(directory, "project");
    mkdirSync(path.join(project, ".claude"), { recursive: true });
    mkdirSync(home);
    const hooks = (matcher) => ({
      hooks: { PreToolUse: [{ matcher, hooks: [{ type: "command", command: "true" }] }] },
    });
    const config = path.join(directory, "hooks.json");
    writeFileSync(config, JSON.stringify(hooks("Bash")));
    writeFileSync(path.join(project, ".claude", "settings.json"), JSON.stringify(hooks("Bash")));
    const payload = JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } });
    const payloadFile = path.join(directory, "payload.json");
    writeFileSync(payloadFile, payload);
    // No managed settings of this machine either: nothing but the `true` hooks here runs.
    const managed = path.join(directory, "managed-settings.json");
    writeFileSync(managed, "{}");
    const dispatch = ["dispatch", "PreToolUse", "--payload", payloadFile, "--cwd", project];
    trainCodeCache("dispatch", "runDispatchCli", home, [
      [...dispatch, "--config", config],
      [...dispatch, "--profile", "claude", "--home", home, "--managed-settings", managed],
    ]);
    // A Codex apply_patch: the shared path (payload, translation, run, verdict, reply) plus the
    // patch reader and Codex's output check, the shim's largest host-specific code.
    const shimPayload = JSON.stringify({
      hook_event_name: "PreToolUse",
      session_id: "training",
      turn_id: "training",
      cwd: project,
      model: "training",
      permission_mode: "default",
      tool_name: "apply_patch",
      tool_input: { command: "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch\n" },
      tool_use_id: "training",
    });
    trainCodeCache(
      "shim",
      "runShimCli",
      home,
      [["shim", "--hook", "claude", "--host", "codex", "--", "true"]],
      shimPayload,
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function trainCodeCache(command, entry, home, runs, input = "") {
  const bundle = path.join(root, "dist", "cli", `${command}.bundle.cjs`);
  const trainer = path.join(root, "scripts", "write-code-cache.cjs");
  const result = spawnSync(
    process.execPath,
    [trainer, bundle, entry, ...runs.map((argv) => JSON.stringify(argv))],
    // A home of its own: the runs read no user or managed settings of this machine.
    { input, env: { ...process.env, HOME: home, USERPROFILE: home }, encoding: "utf8" },
  );
  if (result.error !== undefined || result.status !== 0) {
    const why = result.error?.message ?? `exit ${result.status}: ${result.stderr.trim()}`;
    process.stderr.write(
      `build-cli-bundle: training ${command} failed (${why}); its code cache holds the top level only\n`,
    );
  }
}

/**
 * An esbuild plugin for the `node:` modules our code imports (a dependency's require() is left
 * as it is). Each becomes one shared module: esbuild would otherwise wrap the module again for
 * every file importing it (`__toESM`, copying every export), 34 times for node:path. A module in
 * `lazy` is loaded at the first call of one of its functions; only functions are its named
 * exports, so importing anything else from it (a constant, a class) fails the build rather than
 * loading it early. The others are loaded when the bundle starts, as before.
 */
function shareBuiltins({ lazy }) {
  const requireBuiltin = createRequire(import.meta.url);
  const namespace = "builtin";
  // Plain data properties only, as a fresh Node has them: reading an accessor (node:fs's
  // `promises`, or `Dir`, which loads internal/fs/dir) would load more when the bundle starts.
  // This process may have read some already, which turns them into data properties here.
  const listPlainExports = (module) => {
    const script = `const m = require(${JSON.stringify(module)}); console.log(JSON.stringify(Object.keys(m).filter((k) => /^[A-Za-z_$][\\w$]*$/.test(k) && k !== "default" && !("get" in Object.getOwnPropertyDescriptor(m, k)))))`;
    const listed = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    if (listed.status !== 0) throw new Error(`listing ${module}: ${listed.stderr}`);
    return JSON.parse(listed.stdout);
  };
  return {
    name: "share-builtins",
    setup(builder) {
      builder.onResolve({ filter: /^node:/ }, (args) =>
        // The shared module's own require() is of the real module, left to Node.
        args.namespace === namespace || args.kind !== "import-statement"
          ? { path: args.path, external: true }
          : { path: args.path, namespace },
      );
      builder.onLoad({ filter: /.*/, namespace }, (args) => {
        const name = JSON.stringify(args.path);
        const real = requireBuiltin(args.path);
        const keys = listPlainExports(args.path);
        const lines = lazy.includes(args.path)
          ? [
              "let loaded;",
              `const load = () => (loaded ??= require(${name}));`,
              ...keys
                .filter((key) => typeof real[key] === "function" && /^[a-z]/.test(key))
                .map((key) => `export function ${key}(...args) { return load().${key}(...args); }`),
            ]
          : [
              `const real = require(${name});`,
              "export default real;",
              ...keys.map((key) => `export const ${key} = real.${key};`),
            ];
        return { contents: lines.join("\n"), loader: "js", resolveDir: root };
      });
    },
  };
}
