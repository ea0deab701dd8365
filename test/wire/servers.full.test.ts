import { ALL_VARIANTS, describeWire } from "./harness.js";

/** The larger legacy servers, every protocol (and guidance where it composes), on the real SDK client. */
describeWire({ fixture: "stock-legacy", variants: ALL_VARIANTS });
describeWire({ fixture: "orchestrator", variants: ALL_VARIANTS });
describeWire({ fixture: "demo", variants: ALL_VARIANTS });
