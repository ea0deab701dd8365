import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire, migrated } from "./harness.js";

/** Every SDK server fixture, every protocol (and guidance where it composes), on the real SDK client. */
describeWire({ fixture: "styles/sdk-register-tool", variants: ALL_VARIANTS });
// Over stdio as well as in memory: the same server started the way a user's `node build/index.js` starts it.
describeWire({ fixture: "styles/sdk-tool", variants: ALL_VARIANTS, transports: { notes: ["memory", "stdio"] } });
describeWire({ fixture: "styles/sdk-low-level", variants: ALL_VARIANTS });
// SDK 1.x in memory again (styles/sdk-register-tool composes guidance).
describeWire({ fixture: "styles/tool-object", variants: PROTOCOL_VARIANTS });
// A server whose handlers await their API client inside the text they send: the payload each
// formatter is given is the settled value (fixtures/real-world/awaited-payloads/README.md).
describeWire({ fixture: "real-world/awaited-payloads", variants: [migrated("aorp"), migrated("smart-v2", true)] });
