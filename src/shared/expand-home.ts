import path from "node:path";

/** Replaces a leading `~` with the home directory. */
export function expandHome(file: string, home: string): string {
  if (file === "~") return home;
  if (file.startsWith("~/")) return path.join(home, file.slice(2));
  return file;
}
