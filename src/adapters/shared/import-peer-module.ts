/** An adapter subpath and the optional peer packages it needs, as `name@major`. */
export interface PeerRequirement {
  /** The subpath a user imports, such as `agent-hooks/langchain`. */
  subpath: string;
  /** The packages to install, such as `["langchain@1", "@langchain/core@1"]`. */
  packages: readonly string[];
}

/**
 * Imports an adapter's implementation; when one of its peer packages is not installed, throws
 * `install <packages> to use <subpath>` instead of Node's `Cannot find package`.
 */
export async function importPeerModule<MODULE>(
  load: () => Promise<MODULE>,
  requirement: PeerRequirement,
): Promise<MODULE> {
  try {
    return await load();
  } catch (error) {
    if (!isMissingPeer(error, requirement.packages)) throw error;
    throw new Error(formatInstallMessage(requirement), { cause: error });
  }
}

/** `install a@1 and b@1 to use agent-hooks/x`. */
export function formatInstallMessage(requirement: PeerRequirement): string {
  const { packages, subpath } = requirement;
  const listed =
    packages.length < 2
      ? packages.join("")
      : `${packages.slice(0, -1).join(", ")} and ${packages.at(-1)}`;
  return `install ${listed} to use ${subpath}`;
}

// Only a missing peer is explained; any other failure (ours, or a broken install) passes through.
function isMissingPeer(error: unknown, packages: readonly string[]): boolean {
  if (!(error instanceof Error) || (error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND")
    return false;
  return packages.some((spec) =>
    error.message.includes(`Cannot find package '${spec.slice(0, spec.lastIndexOf("@"))}'`),
  );
}
