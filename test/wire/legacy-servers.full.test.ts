import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire } from "./harness.js";

/** Issue #14's legacy servers (fixtures/legacy/), every protocol (and guidance where it composes, set-screener aside), on the real SDK client. */
// SmartResponse V1 helpers and a low-level dispatcher; task-desk composes guidance with legacy AORP text.
describeWire({ fixture: "legacy/set-screener", variants: PROTOCOL_VARIANTS });
describeWire({ fixture: "legacy/task-desk", variants: ALL_VARIANTS });
describeWire({ fixture: "legacy/cjs-jest", variants: ALL_VARIANTS });
