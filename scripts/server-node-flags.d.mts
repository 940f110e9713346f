/** The Node options the bundled server runs with (see server-node-flags.mjs). */
export const SERVER_NODE_FLAGS: string[];
/** The environment the bundled server starts with: glibc malloc's fixed thresholds (see server-node-flags.mjs). */
export const SERVER_ENV: Record<string, string>;
/** `npm start`'s command line for a script: SERVER_ENV as a shell prefix, then Node with SERVER_NODE_FLAGS. */
export function serverStartCommand(script: string): string;
