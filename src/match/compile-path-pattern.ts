import { createRequire } from "node:module";
import path from "node:path";
import type Picomatch from "picomatch";

// Loaded on the first file pattern: most configurations have none, and a cold start skips it.
let picomatch: typeof Picomatch | undefined;
const loadPicomatch = (): typeof Picomatch => {
  picomatch ??= createRequire(import.meta.url)("picomatch") as typeof Picomatch;
  return picomatch;
};

/** The result of compiling a file-tool specifier: a path test, or why the glob is unusable. */
export type PathPatternCompilation =
  | { ok: true; test(filePath: string, cwd: string, home: string): boolean }
  | { ok: false; error: string };

type PathTest = (absolutePath: string) => boolean;

/** Where a relative glob is anchored: nowhere (already absolute), the home folder, or the cwd. */
type GlobAnchor = "absolute" | "home" | "cwd";

const globOptions = { dot: true } as const;
const cacheLimit = 32;

/**
 * Compiles a file-tool specifier into a glob test on absolute paths: `//x` and `/x` are absolute,
 * `~/x` is under the home folder, anything else is under the cwd (compiled lazily per folder).
 */
export function compilePathPattern(specifier: string): PathPatternCompilation {
  const { anchor, glob } = anchorGlob(specifier);
  const probe = buildPathTest(anchor, glob, "/");
  if (!probe.ok) {
    return { ok: false, error: `File pattern "${specifier}" is not a valid glob: ${probe.error}` };
  }
  if (anchor === "absolute") {
    const absoluteTest = probe.test;
    return { ok: true, test: (filePath, cwd) => absoluteTest(resolveFilePath(filePath, cwd)) };
  }
  const cache = new Map<string, PathTest>();
  return {
    ok: true,
    test(filePath, cwd, home) {
      const base = anchor === "home" ? home : cwd;
      let pathTest = cache.get(base);
      if (pathTest === undefined) {
        const built = buildPathTest(anchor, glob, base);
        pathTest = built.ok ? built.test : () => false;
        if (cache.size >= cacheLimit) {
          cache.clear();
        }
        cache.set(base, pathTest);
      }
      return pathTest(resolveFilePath(filePath, cwd));
    },
  };
}

function anchorGlob(specifier: string): { anchor: GlobAnchor; glob: string } {
  if (specifier.startsWith("//")) {
    return { anchor: "absolute", glob: specifier.slice(1) };
  }
  if (specifier.startsWith("/")) {
    return { anchor: "absolute", glob: specifier };
  }
  if (specifier === "~" || specifier.startsWith("~/")) {
    return { anchor: "home", glob: specifier.slice(2) };
  }
  return { anchor: "cwd", glob: specifier };
}

function buildPathTest(
  anchor: GlobAnchor,
  glob: string,
  base: string,
): { ok: true; test: PathTest } | { ok: false; error: string } {
  const absoluteGlob =
    anchor === "absolute" ? glob : path.posix.join(escapeGlob(path.posix.normalize(base)), glob);
  try {
    const matcher = loadPicomatch()(absoluteGlob, globOptions);
    return { ok: true, test: (absolutePath) => matcher(absolutePath) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function escapeGlob(folder: string): string {
  return folder.replace(/[\\*?[\]{}()!+@^$|,]/g, "\\$&");
}

function resolveFilePath(filePath: string, cwd: string): string {
  return path.posix.normalize(filePath.startsWith("/") ? filePath : path.posix.join(cwd, filePath));
}
