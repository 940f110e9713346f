import { UCP_VERSION } from '@souq/shared/api/ucp';
import type { AgentProfile } from './agents.profiles.js';
import { UcpFailure } from './agents.wire.js';

/**
 * Version and capability negotiation as the release's overview describes it (decision 0130):
 * - the protocol version: the agent's profile declares one; Souq serves `UCP_VERSION` and no older one (its profile
 *   lists no `supported_versions`), so any other version is refused with `version_unsupported` (HTTP 422, MCP -32001);
 * - the intersection: a business capability is active when the agent declares the same name; of the versions both
 *   list the highest is taken (none in common: left out); extensions whose parents are all out are pruned, again
 *   until nothing changes (multi-parent extensions need one parent);
 * - each answer names only the active capabilities relevant to its operation: the root and the extensions of it.
 */

export type Capability = { version: string; extends: string[] };
export type Active = Map<string, Capability>;

export function checkVersion(profile: AgentProfile) {
  if (profile.version !== UCP_VERSION) {
    throw new UcpFailure(422, 'version_unsupported', `Protocol version ${profile.version} is not supported. This business supports version ${UCP_VERSION}.`);
  }
}

export function intersect(business: Map<string, Capability[]>, platform: Map<string, { version: string }[]>): Active {
  const active: Active = new Map();
  for (const [name, entries] of business) {
    const theirs = new Set((platform.get(name) ?? []).map((e) => e.version));
    const mutual = entries.filter((e) => theirs.has(e.version)).sort((a, b) => b.version.localeCompare(a.version));
    if (mutual[0]) active.set(name, mutual[0]);
  }
  for (let pruned = true; pruned; ) {
    pruned = false;
    for (const [name, cap] of active) {
      if (cap.extends.length && !cap.extends.some((parent) => active.has(parent))) {
        active.delete(name);
        pruned = true;
      }
    }
  }
  return active;
}

/** The `ucp.capabilities` of an answer to an operation of `root`: the root and its active extensions. */
export function capabilitiesFor(active: Active, root: string): Record<string, { version: string }[]> {
  const out: Record<string, { version: string }[]> = {};
  const rootCap = active.get(root);
  if (rootCap) out[root] = [{ version: rootCap.version }];
  for (const [name, cap] of active) if (cap.extends.includes(root)) out[name] = [{ version: cap.version }];
  return out;
}
