import type { Discoverer } from "./candidate.js";
import { createFastMcpDiscoverer } from "./fastmcp.js";
import { createMcpFrameworkDiscoverer } from "./mcp-framework.js";
import { RegistrationResolver } from "./registration.js";
import { createSdkLowLevelDiscoverer } from "./sdk-low-level.js";
import { createSdkRegisterToolDiscoverer } from "./sdk-register-tool.js";
import { createSdkToolDiscoverer } from "./sdk-tool.js";
import { createToolObjectDiscoverer } from "./tool-object.js";
import { createXmcpDiscoverer } from "./xmcp.js";

/** Fresh discoverers for one run (some gather state across files). */
export function createDiscoverers(): Discoverer[] {
  const registrations = new RegistrationResolver();
  return [
    createSdkRegisterToolDiscoverer(registrations),
    createSdkToolDiscoverer(registrations),
    createSdkLowLevelDiscoverer(),
    createFastMcpDiscoverer(registrations),
    createMcpFrameworkDiscoverer(),
    createXmcpDiscoverer(),
    createToolObjectDiscoverer(),
  ];
}
