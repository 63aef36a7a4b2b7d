/** The Node.js major CaseBridge runs and is tested on (ADR 0038). */
export const REQUIRED_NODE_MAJOR = 24;

/**
 * Why this Node.js cannot run CaseBridge, or null when it can. npm scripts run on the `node`
 * package the project installs, whatever the system Node is; running a script with the system
 * Node directly is the usual way to get here.
 */
export function unsupportedRuntime(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return `CaseBridge needs Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is Node.js ${version}. Run it through npm (npm start, npm run <command>), which uses the Node.js ${REQUIRED_NODE_MAJOR} that npm install put in node_modules/.bin.`;
}

/** Ends the process with the reason when this Node.js cannot run CaseBridge. */
export function exitOnUnsupportedRuntime(): void {
  const reason = unsupportedRuntime();
  if (!reason) return;
  console.error(reason);
  process.exit(1);
}
