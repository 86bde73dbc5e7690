import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { requireZod } from "../require-zod.js";

/** What is at a path, as `stat` (following links) sees it. */
export type FileKind = "file" | "directory" | "other" | "missing";

/** The reads an interpreter's lookup makes on disk; each path it is given is observed. */
export interface FileLookup {
  kindOf(file: string): FileKind;
  readText(file: string): string | null;
  /** The names in a directory, or null when it cannot be listed. */
  list(directory: string): string[] | null;
  /** The path with every symbolic link resolved, or null when it does not exist. */
  realPath(file: string): string | null;
}

/** The real file system. */
export const diskFileLookup: FileLookup = {
  kindOf(file) {
    try {
      const stats = statSync(file);
      return stats.isFile() ? "file" : stats.isDirectory() ? "directory" : "other";
    } catch {
      return "missing";
    }
  },
  readText(file) {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  },
  list(directory) {
    try {
      return readdirSync(directory).sort();
    } catch {
      return null;
    }
  },
  realPath(file) {
    try {
      return realpathSync(file);
    } catch {
      return null;
    }
  },
};

/**
 * What an interpreter runs for a path it is given: the file it runs (null when none of the
 * candidates exists, so nothing runs), every other path it looked at (each must be hashed: its
 * state decided the answer), and what it may run that is not hashed, with the reason.
 */
export interface EntryLookup {
  entry: string | null;
  observed: string[];
  flags: { reason: string; file?: string }[];
}

// Node 20's CommonJS lookup of a path (`Module._findPath`): the file, then with each extension,
// then as a directory: its package.json `main` (itself with extensions, or as a directory with
// an index), then its index.
const nodeExtensions = [".js", ".json", ".node"];

/**
 * The file `node <file>` (or `node -r <file>`) runs, as node 20 looks it up, with every path
 * looked at; a directory's `package.json` is read for `main`.
 *
 * @example
 * findNodeEntry("/repo/hooks/guard", diskFileLookup);
 * // guard.js exists → { entry: "/repo/hooks/guard.js", observed: ["/repo/hooks/guard"], flags: [] }
 */
export function findNodeEntry(file: string, lookup: FileLookup): EntryLookup {
  const observed: string[] = [];
  const tryFile = (candidate: string): boolean => {
    observed.push(candidate);
    return lookup.kindOf(candidate) === "file";
  };
  const tryExtensions = (base: string): string | null => {
    for (const extension of nodeExtensions) if (tryFile(base + extension)) return base + extension;
    return null;
  };
  const tryIndex = (directory: string): string | null =>
    tryExtensions(path.join(directory, "index"));
  const done = (entry: string | null): EntryLookup => ({
    entry,
    observed: observed.filter((each) => each !== entry),
    flags: [],
  });
  if (tryFile(file)) return done(file);
  const withExtension = tryExtensions(file);
  if (withExtension !== null) return done(withExtension);
  if (lookup.kindOf(file) !== "directory") return done(null);
  const manifest = path.join(file, "package.json");
  observed.push(manifest);
  const text = lookup.kindOf(manifest) === "file" ? lookup.readText(manifest) : null;
  if (text !== null) {
    let main: unknown;
    try {
      // zod is loaded on first use only (it is heavy for a cold start).
      const parsed = requireZod()
        .object({ main: requireZod().unknown().optional() })
        .passthrough()
        .safeParse(JSON.parse(text));
      main = parsed.success ? parsed.data.main : undefined;
    } catch {
      // node refuses to run a directory whose package.json is not JSON.
      return done(null);
    }
    if (typeof main === "string" && main !== "") {
      const target = path.resolve(file, main);
      if (tryFile(target)) return done(target);
      const found = tryExtensions(target) ?? tryIndex(target);
      if (found !== null) return done(found);
    }
  }
  return done(tryIndex(file));
}

// Extensions whose module type the nearest package.json does not decide.
const typeFreeExtensions = new Set([".mjs", ".cjs", ".mts", ".cts", ".json", ".node"]);

/**
 * The package.json files node reads, walking up from a script, to decide whether it is an ES
 * module or CommonJS (`"type"`, also where `"imports"` come from): each directory's up to the
 * first that has one, stopping below a `node_modules` directory, from the script's real path;
 * flagged when that real path differs (a link may be pointed elsewhere). None for `.mjs`,
 * `.cjs`, `.json` and `.node`, whose type is their extension.
 */
export function findNodeTypeScope(file: string, lookup: FileLookup): EntryLookup {
  if (typeFreeExtensions.has(path.extname(file))) return { entry: null, observed: [], flags: [] };
  const observed: string[] = [];
  const flags: EntryLookup["flags"] = [];
  const real = lookup.realPath(file) ?? file;
  if (real !== file) {
    flags.push({
      reason: `node decides its module type from the package.json above the link's target (${real}), which may be pointed elsewhere`,
      file,
    });
  }
  let directory = path.dirname(real);
  for (;;) {
    if (path.basename(directory) === "node_modules") break;
    const manifest = path.join(directory, "package.json");
    observed.push(manifest);
    if (lookup.kindOf(manifest) !== "missing") break;
    const parent = path.dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  return { entry: null, observed, flags };
}

/**
 * What `python3 <file>` runs: the file (a zip archive's `__main__.py` is in its bytes), or a
 * directory's `__main__` module, imported with the directory first on the module path, so a
 * compiled `__main__.pyc` or cached bytecode in `__pycache__` may run instead: hashed
 * `__main__.py` and `__main__.pyc`, and flagged.
 */
export function findPythonEntry(file: string, lookup: FileLookup): EntryLookup {
  const kind = lookup.kindOf(file);
  if (kind !== "directory")
    return { entry: kind === "file" ? file : null, observed: [], flags: [] };
  const candidates = [path.join(file, "__main__.py"), path.join(file, "__main__.pyc")];
  const entry = candidates.find((candidate) => lookup.kindOf(candidate) === "file") ?? null;
  return {
    entry,
    observed: candidates.filter((candidate) => candidate !== entry),
    flags:
      entry === null
        ? []
        : [
            {
              reason:
                "python runs a directory by importing its __main__ module, which may come from compiled bytecode (__pycache__) that is not hashed",
              file: entry,
            },
          ],
  };
}

/**
 * The user site-packages every `python` reads at start-up unless given `-s` or `-I` (or
 * `PYTHONNOUSERSITE`): its `.pth` files run their `import` lines and `usercustomize` is
 * imported (under `~/.local/lib`, and `~/Library/Python` on macOS). Observed: the directories
 * holding them (their listing is hashed, so a new `.pth`
 * is noticed), every `.pth` file and `usercustomize.py`.
 */
export function findPythonUserSite(home: string, lookup: FileLookup): EntryLookup {
  const observed: string[] = [];
  // A macOS framework build uses ~/Library/Python; every other build ~/.local/lib.
  const bases = [path.join(home, ".local", "lib")];
  if (process.platform === "darwin") bases.push(path.join(home, "Library", "Python"));
  for (const base of bases) {
    observed.push(base);
    for (const version of lookup.list(base) ?? []) {
      if (!/^(?:python)?\d+\.\d+t?$/.test(version)) continue;
      const versionDirectory = path.join(base, version);
      const site = base.endsWith("lib")
        ? path.join(versionDirectory, "site-packages")
        : path.join(versionDirectory, "lib", "python", "site-packages");
      observed.push(versionDirectory, site);
      for (const name of lookup.list(site) ?? []) {
        if (name.endsWith(".pth") || /^usercustomize(?:\.py)?$/.test(name))
          observed.push(path.join(site, name));
      }
      observed.push(path.join(site, "usercustomize.py"));
    }
  }
  return { entry: null, observed: [...new Set(observed)], flags: [] };
}
