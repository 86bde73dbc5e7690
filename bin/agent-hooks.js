#!/usr/bin/env node
// `dispatch` starts once per tool call: it runs from one bundled file with V8's code cache
// (scripts/build-cli-bundle.mjs, run by npm run build) unless tsc has rebuilt dist/ since, when
// the bundle would be stale. Every other command loads dist/cli/main.js, which imports only the
// command named. This file is CommonJS (bin/package.json): `dispatch` never starts the ES module
// loader.
const { readFileSync, statSync } = require("node:fs");
const path = require("node:path");
const { Script } = require("node:vm");

const bundle = path.join(__dirname, "../dist/cli/dispatch.bundle.cjs");
const codeCache = `${bundle}.cache`;
const lastBuild = path.join(__dirname, "../dist/build.tsbuildinfo");

function modifiedAt(file) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

function loadDispatchBundle() {
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

const dispatchBundle = process.argv[2] === "dispatch" ? loadDispatchBundle() : undefined;
if (dispatchBundle !== undefined) {
  dispatchBundle.runDispatchCli(process.argv);
} else {
  import("../dist/cli/main.js").then(({ runCli }) => runCli(process.argv));
}
