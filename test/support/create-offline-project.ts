import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "./run-node-script.js";

/** One `packages` entry of a package-lock.json (version 3): what npm reads of it here. */
interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

/** A project's package.json and package-lock.json, ready to write next to each other. */
export interface OfflineProject {
  packageJson: Record<string, unknown>;
  lockfile: Record<string, unknown>;
}

/** The repository's package.json and package-lock.json, as parsed JSON. */
function readRepositoryFiles(): {
  manifest: LockEntry & { name: string; version: string };
  packages: Record<string, LockEntry>;
} {
  const manifest = JSON.parse(readFileSync(path.join(packageRoot, "package.json"), "utf8"));
  const lock = JSON.parse(readFileSync(path.join(packageRoot, "package-lock.json"), "utf8"));
  return { manifest, packages: lock.packages };
}

/** The lock key a package named `name` resolves to from `from` (a lock key), as Node looks it up. */
function resolveLockKey(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined {
  let folder = from;
  for (;;) {
    const key = `${folder === "" ? "" : `${folder}/`}node_modules/${name}`;
    if (Object.hasOwn(packages, key)) return key;
    if (folder === "") return undefined;
    const parent = folder.lastIndexOf("/node_modules/");
    folder = parent === -1 ? "" : folder.slice(0, parent);
  }
}

/**
 * A project that depends on the packed `tarball` and on `extra` packages at the repository's
 * locked versions, with a package-lock.json taken from the repository's: every package of theirs
 * (dependencies, required peers) at the version and integrity the repository installed. npm then
 * installs it with `--offline` from its cache, which `npm ci` in the repository filled, without
 * the registry's package lists it would need to resolve versions itself.
 *
 * @example
 * ```ts
 * const { packageJson, lockfile } = createOfflineProject("/tmp/agent-hooks-0.1.0.tgz", ["ai"]);
 * ```
 */
export function createOfflineProject(tarball: string, extra: readonly string[]): OfflineProject {
  const { manifest, packages } = readRepositoryFiles();
  const locked: Record<string, LockEntry> = {};
  const queue: string[] = [];
  const add = (key: string | undefined, wanted: string) => {
    if (key === undefined) throw new Error(`package-lock.json has no ${wanted}`);
    if (Object.hasOwn(locked, key)) return;
    // dev and peer flags describe the repository's tree, not this one.
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[key] ?? {};
    locked[key] = entry;
    queue.push(key);
  };
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...extra]) {
    add(resolveLockKey(packages, "", name), name);
  }
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const entry = packages[key] ?? {};
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const required = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ];
    for (const name of required) add(resolveLockKey(packages, key, name), `${name} (for ${key})`);
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const found = resolveLockKey(packages, key, name);
      if (found !== undefined) add(found, name);
    }
  }
  const dependencies: Record<string, string> = {
    [manifest.name]: `file:${tarball}`,
    ...Object.fromEntries(
      extra.map((name) => [name, packages[`node_modules/${name}`]?.version ?? "*"]),
    ),
  };
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  const packed: LockEntry = {
    version: manifest.version,
    resolved: `file:${tarball}`,
    integrity,
    license: manifest.license,
    dependencies: manifest.dependencies ?? {},
    bin: manifest.bin,
    engines: manifest.engines,
    peerDependencies: manifest.peerDependencies ?? {},
    peerDependenciesMeta: manifest.peerDependenciesMeta ?? {},
  };
  const root = { name: "packed-package-consumer", version: "1.0.0", private: true };
  return {
    packageJson: { ...root, dependencies },
    lockfile: {
      name: root.name,
      version: root.version,
      lockfileVersion: 3,
      requires: true,
      packages: {
        "": { name: root.name, version: root.version, dependencies },
        [`node_modules/${manifest.name}`]: packed,
        ...locked,
      },
    },
  };
}
