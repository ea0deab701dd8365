import { ALL_VARIANTS, describeWire } from "./harness.js";

/** Issue #14's legacy servers (fixtures/legacy/), every protocol (and guidance where it composes), on the real SDK client. */
describeWire({ fixture: "legacy/set-screener", variants: ALL_VARIANTS });
describeWire({ fixture: "legacy/task-desk", variants: ALL_VARIANTS });
describeWire({ fixture: "legacy/cjs-jest", variants: ALL_VARIANTS });
