import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { PROTOCOLS } from "../../src/protocols/registry.js";
import { argumentsTitle, callsOf, readWireCalls, type WireServer } from "./calls.js";
import { legacyProblems, listingProblems, migratedCallProblems } from "./checks.js";
import { knownGap } from "./known-gaps.js";
import { buildProject, prepareFixture, removeBuiltProjects, variantName, type BuiltProject, type Variant } from "./project.js";
import { runServer, transportsFor, type ServerRun, type Transport } from "./session.js";

/**
 * Registers the wire tests of one fixture: its legacy server and one migrated copy per variant are
 * built once (one tsc run each), every server is started on its transports, and every call of
 * `wire-calls.json` becomes one test per variant, checked against the same call on the legacy server.
 */

/** Every protocol, and each one that composes with the Guidance Pattern again with `guidance: true`. */
export const ALL_VARIANTS: readonly Variant[] = PROTOCOLS.flatMap((protocol) => [
  { kind: "migrated" as const, protocol: protocol.id, guidance: false },
  ...(protocol.composesWithGuidance ? [{ kind: "migrated" as const, protocol: protocol.id, guidance: true }] : []),
]);

/**
 * Every protocol, without the Guidance Pattern composed in: for fixtures whose way of starting (SDK
 * major and transport, framework) and whose legacy answers another fixture already takes through
 * every composed variant. Composition changes the kit and the stubs, not how migrate rewrites a
 * handler; each of those fixtures' handlers still goes through every protocol. (CI's time: a
 * variant is a migration, a build and a server start, 3-6 s on a 2-core machine.)
 */
export const PROTOCOL_VARIANTS: readonly Variant[] = ALL_VARIANTS.filter((variant) => variant.kind === "migrated" && !variant.guidance);

export function migrated(protocol: ProtocolId, guidance = false): Variant {
  return { kind: "migrated", protocol, guidance };
}

export interface WireSpec {
  fixture: string;
  variants: readonly Variant[];
  /** Only these servers of the fixture (by id); all by default. */
  servers?: readonly string[];
  /** Transports per server id; by default SDK servers in memory, frameworks over stdio. */
  transports?: { [serverId: string]: Transport[] };
}

interface Runs {
  project: BuiltProject;
  runs: Map<string, ServerRun>;
}

function runKey(server: WireServer, transport: Transport): string {
  return `${server.id}@${transport}`;
}

/** The projects a `describeWire` block built, once its `beforeAll` has run. */
export interface WireBlock {
  /** The built project of a variant (`legacy`, `aorp`, `aorp+guidance`, ...). */
  project(variant: string): BuiltProject;
  /** What a server of a variant answered (its first transport's run for `legacy`). */
  run(variant: string, serverId: string, transport?: Transport): ServerRun;
}

/**
 * `extra` registers more tests inside the block, where its built projects still exist (they are
 * removed when the block ends).
 */
export function describeWire(spec: WireSpec, extra?: (block: WireBlock) => void): void {
  const file = readWireCalls(spec.fixture);
  const servers = file.servers.filter((server) => spec.servers === undefined || spec.servers.includes(server.id));
  const transports = (server: WireServer) => spec.transports?.[server.id] ?? transportsFor(server.start);
  const results = new Map<string, Runs>();

  describe(`${spec.fixture} on the wire`, () => {
    beforeAll(async () => {
      // Migrations run in this process, one after the other; each build (a tsc process) overlaps the next migration.
      const variants: Variant[] = [{ kind: "legacy" }, ...spec.variants];
      const builds: Promise<BuiltProject>[] = [];
      for (const variant of variants) {
        const project = await prepareFixture(spec.fixture, variant);
        const built = buildProject(project.dir).then(() => project);
        // Awaited below with the others; marked handled now, so a failure while the next migration runs is not "unhandled".
        built.catch(() => {});
        builds.push(built);
      }
      const projects = await Promise.all(builds);
      // Sessions run one at a time: in-memory servers fix this process's clock while they answer.
      for (const project of projects) {
        const runs = new Map<string, ServerRun>();
        const wanted =
          project.variant.kind === "legacy"
            ? servers.map((server) => [server, transports(server)[0]!] as const)
            : servers.flatMap((server) => transports(server).map((transport) => [server, transport] as const));
        for (const [server, transport] of wanted) runs.set(runKey(server, transport), await runServer(project, server, transport));
        results.set(variantName(project.variant), { project, runs });
      }
      // Builds are generous in time on a loaded machine; a hang still ends.
    }, 20 * 60_000);
    afterAll(removeBuiltProjects);
    const built = (variant: string): Runs => {
      const runs = results.get(variant);
      if (runs === undefined) throw new Error(`${variant} was not built`);
      return runs;
    };
    extra?.({
      project: (variant) => built(variant).project,
      run: (variant, serverId, transport) => {
        const server = servers.find((candidate) => candidate.id === serverId);
        if (server === undefined) throw new Error(`no server ${serverId} in ${spec.fixture}`);
        return built(variant).runs.get(runKey(server, transport ?? transports(server)[0]!))!;
      },
    });

    const legacyRun = (server: WireServer): ServerRun => {
      const legacy = results.get("legacy");
      if (legacy === undefined) throw new Error("the legacy server was not built");
      return legacy.runs.get(runKey(server, transports(server)[0]!))!;
    };

    describe("legacy", () => {
      for (const server of servers) {
        it(`${server.id}: lists exactly the tools wire-calls.json calls`, () => {
          expect(listingProblems(server, legacyRun(server).listed).join("\n")).toBe("");
        });
        callsOf(server).forEach((call, index) => {
          it(`${server.id}: ${call.tool} ${call.path} ${argumentsTitle(call)} answers as a ${call.path}`, () => {
            expect(legacyProblems(legacyRun(server).outcomes[index]!).join("\n")).toBe("");
          });
        });
      }
    });

    for (const variant of spec.variants) {
      const name = variantName(variant);
      if (variant.kind !== "migrated") continue;
      describe(name, () => {
        for (const server of servers) {
          for (const transport of transports(server)) {
            const run = (): ServerRun => {
              const runs = results.get(name);
              if (runs === undefined) throw new Error(`${name} was not built`);
              return runs.runs.get(runKey(server, transport))!;
            };
            it(`${server.id} (${transport}): lists exactly the tools wire-calls.json calls`, () => {
              expect(listingProblems(server, run().listed).join("\n")).toBe("");
            });
            callsOf(server).forEach((call, index) => {
              const title = `${server.id} (${transport}): ${call.tool} ${call.path} ${argumentsTitle(call)}`;
              const problems = (): string[] =>
                migratedCallProblems({
                  protocol: variant.protocol,
                  start: server.start,
                  outcome: run().outcomes[index]!,
                  legacy: legacyRun(server).outcomes[index]!,
                  tools: run().listed.map((tool) => tool.name),
                });
              const gap = knownGap(spec.fixture, name, call);
              if (gap === undefined) {
                it(title, () => {
                  // Joined, so a report shows every problem in full.
                  expect(problems().join("\n")).toBe("");
                });
              } else {
                it.fails(`${title} [known gap: ${gap.point}]`, () => {
                  const found = problems();
                  // A gap that no longer fails the way it was recorded passes here, so it.fails reports it.
                  if (!found.some((problem) => gap.seen.test(problem))) return;
                  expect(found.join("\n")).toBe("");
                });
              }
            });
          }
        }
      });
    }
  });
}
