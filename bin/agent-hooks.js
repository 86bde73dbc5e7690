#!/usr/bin/env node
// `dispatch` and `shim` start once per tool call: each runs from one bundled file with V8's code
// cache (scripts/build-cli-bundle.mjs, run by npm run build) unless tsc has rebuilt dist/ since,
// when the bundle would be stale. Every other command loads dist/cli/main.js, which imports only
// the command named. This file is CommonJS (bin/package.json): a bundled command never starts the
// ES module loader.
const { readFileSync, statSync } = require("node:fs");
const path = require("node:path");
const { Script } = require("node:vm");

const lastBuild = path.join(__dirname, "../dist/build.tsbuildinfo");
// Each bundled command and the function its bundle exports.
const bundledCommands = { dispatch: "runDispatchCli", shim: "runShimCli" };

function modifiedAt(file) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

function loadBundle(command) {
  const bundle = path.join(__dirname, `../dist/cli/${command}.bundle.cjs`);
  const codeCache = `${bundle}.cache`;
  const bundled = modifiedAt(bundle);
  const built = modifiedAt(lastBuild);
  if (bundled === undefined || (built !== undefined && built > bundled)) return undefined;
  const cached = modifiedAt(codeCache);
  const script = new Script(readFileSync(bundle, "utf8"), {
    filename: bundle,
    ...(cached !== undefined && cached >= bundled && { cachedData: readFileSync(codeCache) }),
  });
  const bundleModule = { exports: {} };
  const bundleRequire = require("node:module").createRequire(bundle);
  script.runInThisContext()(
    bundleModule.exports,
    bundleRequire,
    bundleModule,
    bundle,
    path.dirname(bundle),
  );
  return bundleModule.exports;
}

const command = process.argv[2];
const entry = Object.hasOwn(bundledCommands, command) ? bundledCommands[command] : undefined;
const bundled = entry === undefined ? undefined : loadBundle(command);
if (bundled !== undefined) {
  bundled[entry](process.argv);
} else {
  import("../dist/cli/main.js").then(({ runCli }) => runCli(process.argv));
}
