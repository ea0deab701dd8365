/**
 * SmartResponse V2 runtime: the types, builder, helpers, validator and MCP rendering of the
 * "Smart Response Format" (`SmartResponseV2<T>`). This file is emitted verbatim into MCP server
 * projects: it imports nothing and compiles under `strict`, `exactOptionalPropertyTypes` and
 * `noUncheckedIndexedAccess` with TypeScript 6 and 7 (erasable syntax only).
 *
 * DECISIONS, where the document is loose or wrong (each one is covered by a test):
 *
 *  D1  `any` becomes `unknown` (payload default, `rawData`, `defaultValue`, `params`, chart `data`):
 *      the same JSON is admitted, but nothing unchecked leaks into the caller's code.
 *  D2  Tool references are typed by the server's tool-name union `TTool`: `metadata.tool.name`,
 *      `recommendations.nextSteps[].tool`, `context.relatedTools[].name`,
 *      `context.alternativeTools[].name` and `context.dependencies.conflictsWith` ("what tools might
 *      conflict"). `params` / `suggestedParams` are `Partial<TInputs[K]>` of the named tool K. A next
 *      step without a tool keeps the document's open `params` record. `dependencies.requires` and
 *      `provides` stay `string[]`: the interface says "what data is needed", yet the Quick
 *      Reference puts a tool name (`fetch_stock_data`) in `requires`; both readings are accepted and
 *      `dependencyEdges` resolves either.
 *  D3  `summary.input` is open: Task 1.4 and the Quick Reference put `method` and `period` beside
 *      `symbol` instead of inside `params`, so any further key is allowed there.
 *  D4  Task 4.1's example gives tables a `type` (`'valuation_comparison'`) and charts a
 *      `description`, which the interface lacks: both are added as optional strings.
 *  D5  Objects are open (unknown keys are allowed: Task 4.5's `data._ref`, and the Guidance
 *      Pattern's `guidance` field beside the sections), with one exception: `summary.action` is
 *      rejected, because Task 1.1 removes it in V2 in favour of `recommendations.primary.action`.
 *  D6  Scores: nothing in the document clamps them. Validators REJECT out-of-range values
 *      (0-1: `summary.confidence.score`, `keyFindings[].weight`, `accuracy.score`,
 *      `primary.confidence`, `drivers[].weight`; 0-100: `completeness.percentage`; 1-5:
 *      `feedback.responseQuality.rating`). The builder and the helpers CLAMP into range. NaN is never
 *      clamped into a score: it throws a RangeError.
 *  D7  Counts and durations are non-negative (`execution.duration`, `freshness.age.value`); token
 *      counts and `formatting.decimals.*` are non-negative integers (they feed `Intl`).
 *  D8  `freshness.timestamp`, `freshness.nextUpdate` and `execution.timestamp` ("ISO timestamp",
 *      "when") must be RFC 3339 date-times with seconds and a zone, as every example is, on a date
 *      that exists (no February 30th; February 29th only in leap years). A leap second (`:60`) is
 *      rejected: no server clock writes one (JavaScript's Date cannot hold it). The rule is one
 *      regular expression, `DATE_TIME_PATTERN`, which the JSON Schema uses as its `pattern`.
 *  D9  Text fields must not be blank (a blank `conclusion` tells the model nothing); table cells
 *      are exempt, since an empty cell is legitimate.
 *  D10 Warning IDs are stable constants: `WARN_` then upper-case letters, digits and underscores
 *      (`WARN_NO_DIVIDEND_DATA`). "Unique warning code" names a kind of warning, so the same ID may
 *      appear twice in one response (say, for two fields).
 *  D11 `getFreshnessStatus` as printed leaves holes: with `calculateDataAge`'s units, data 30-59
 *      seconds old or 15-59 minutes old falls through to 'outdated'. We compare the age as a
 *      duration: < 30 s real-time, < 15 min fresh, < 6 h acceptable, < 24 h stale, else outdated.
 *      This also accepts ages in any unit (`{ value: 90, unit: 'minutes' }`).
 *  D12 `calculateDataAge` takes an optional `now` (for reproducible responses and tests), counts a
 *      timestamp in the future as 0 seconds old (clock skew), and throws a RangeError on an
 *      unparsable timestamp instead of returning NaN days.
 *  D13 `assessMetric` has only a signature in the document. Five thresholds make four cut points:
 *      the value gets the best level whose threshold it reaches (>= when higher is better, <= when
 *      lower is better); a value that does not even reach `concerning` is 'critical', so the
 *      `critical` threshold only completes the scale. Thresholds out of order, or a NaN value,
 *      throw a RangeError.
 *  D14 `calculateConfidence` (Task 1.3's weights 0.3/0.3/0.25/0.15) clamps each input into 0-1.
 *      Model agreement applies "for valuations" only: pass `null` and the other three weights are
 *      scaled up proportionally instead of counting the missing factor as 0.
 *  D15 The document never maps a score to `confidence.level` or an assessment to an icon. The
 *      helpers `confidenceLevel` (>= 0.9 Very High, >= 0.7 High, >= 0.5 Medium, >= 0.3 Low, else
 *      Very Low; the Quick Reference's 0.82 is 'High') and `assessmentIcon` (excellent/good ✓,
 *      neutral ○, concerning ⚠, critical ✗) offer one; the validator does not cross-check level
 *      against score, nor freshness status against age, nor completeness status against percentage.
 *  D16 Advice the type does not carry is not enforced: 3-5 `highlights`, driver weights summing to
 *      1, table rows as wide as their headers.
 *  D17 Examples printed with a placeholder comment (`...`) get an empty object or array there. Examples that
 *      omit a required field are not "repaired" in the validator: the Quick Reference lacks
 *      `completeness.missingCritical`, Task 1.7's presentation lacks `formatting` (Phase 4 adds
 *      it) and Task 2.4's primary recommendation lacks `priority`. The interface is normative, so
 *      each as-printed example reports exactly that one field, and the golden copy supplies it.
 *  D18 The document defines no error variant of the envelope. An error path fills the same seven
 *      sections (typically action 'N/A' and a 'critical' warning) and passes `{ isError: true }` to
 *      `toCallToolResult`.
 *  D19 The document describes V1 only by its differences (plain-string `keyFindings`, warnings
 *      and follow-ups, `summary.action`, no confidence score); it never gives V1's interface, so no
 *      V1 type is defined here. The validator rejects V1 leftovers: `summary.action` by name (D5),
 *      plain-string findings, warnings and follow-ups as "must be an object".
 *  D20 The field-validation tracker files each field in exactly one list: `undefined` is missing,
 *      `null` is null, anything else is valid, and a default replaces a missing or null value.
 *      Observing a field again moves it (last observation wins); lists keep first-seen order.
 *  D21 The builder front-loads: its envelope lists the seven sections in the document's order
 *      (summary first, "what AI needs first"), whatever order the caller's object literal had, so
 *      the serialised text a model reads starts with the summary. Other fields (a composed
 *      `guidance`) follow, in the caller's order. The validator does not require any order: a
 *      response built by hand is still valid JSON with the same meaning.
 */

// ============================================================================================
// Literal unions. One list per union: the types derive from it and the validator checks it.
// ============================================================================================

export const SMART_V2_LITERALS = {
  assessment: ["excellent", "good", "neutral", "concerning", "critical"],
  icon: ["✓", "✗", "⚠", "○"],
  thresholdOperator: [">", "<", "=", ">=", "<="],
  confidenceLevel: ["Very High", "High", "Medium", "Low", "Very Low"],
  completenessStatus: ["complete", "partial", "minimal"],
  accuracyStatus: ["verified", "estimated", "assumed", "unknown"],
  ageUnit: ["seconds", "minutes", "hours", "days"],
  freshnessStatus: ["real-time", "fresh", "acceptable", "stale", "outdated"],
  toolCategory: ["Data Fetching", "Valuation", "Analysis", "Screening", "Utility"],
  warningSeverity: ["critical", "warning", "info", "debug"],
  warningCategory: ["data", "calculation", "assumption", "limitation"],
  action: ["Strong Buy", "Buy", "Hold", "Sell", "Strong Sell", "Avoid", "N/A"],
  recommendationPriority: ["Critical", "High", "Medium", "Low"],
  driverDirection: ["positive", "negative", "neutral"],
  nextStepPriority: ["now", "soon", "later"],
  level: ["high", "medium", "low"],
  chartType: ["line", "bar", "pie", "scatter"],
} as const;

type Literals = typeof SMART_V2_LITERALS;
export type Assessment = Literals["assessment"][number];
export type KeyFindingIcon = Literals["icon"][number];
export type ThresholdOperator = Literals["thresholdOperator"][number];
export type ConfidenceLevel = Literals["confidenceLevel"][number];
export type CompletenessStatus = Literals["completenessStatus"][number];
export type AccuracyStatus = Literals["accuracyStatus"][number];
export type AgeUnit = Literals["ageUnit"][number];
export type FreshnessStatus = Literals["freshnessStatus"][number];
export type ToolCategory = Literals["toolCategory"][number];
export type WarningSeverity = Literals["warningSeverity"][number];
export type WarningCategory = Literals["warningCategory"][number];
export type RecommendationAction = Literals["action"][number];
export type RecommendationPriority = Literals["recommendationPriority"][number];
export type DriverDirection = Literals["driverDirection"][number];
export type NextStepPriority = Literals["nextStepPriority"][number];
/** 'high' | 'medium' | 'low': reliability, impact, likelihood and the lower-case priorities. */
export type Level = Literals["level"][number];
export type ChartType = Literals["chartType"][number];

// ============================================================================================
// Types (Sections 1-7 of the document)
// ============================================================================================

/** The input type of every tool of the server, by name (generation supplies it). */
export type ToolInputMap<TTool extends string> = { [K in TTool]: object };
/** Until generation supplies the inputs, every tool takes an open record. */
export type OpenToolInputs<TTool extends string> = { [K in TTool]: Record<string, unknown> };

// ---- Section 1: summary --------------------------------------------------------------------

export interface KeyFinding {
  metric: string;
  value: string | number;
  formatted: string;
  assessment: Assessment;
  icon?: KeyFindingIcon;
  threshold?: { value: number; operator: ThresholdOperator };
  /** Importance 0-1 for ranking; 0.5 when absent (Task 2.1). */
  weight?: number;
}

/** What was requested. Open (D3): the document's examples put `method` and `period` here. */
export interface SummaryInput {
  symbol?: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface SummaryConfidence {
  level: ConfidenceLevel;
  /** 0-1. */
  score: number;
  factors: string[];
}

export interface SmartSummary {
  title: string;
  what: string;
  input: SummaryInput;
  keyFindings: KeyFinding[];
  conclusion: string;
  confidence: SummaryConfidence;
}

// ---- Section 2: data -----------------------------------------------------------------------

export interface DefaultedField {
  field: string;
  defaultValue: unknown;
  reason: string;
}

export interface DataValidation {
  validFields: string[];
  missingFields: string[];
  nullFields: string[];
  defaultFields: DefaultedField[];
}

export interface DataAge {
  value: number;
  unit: AgeUnit;
}

export interface DataCompleteness {
  /** 0-100. */
  percentage: number;
  status: CompletenessStatus;
  missingCritical: string[];
}

export interface DataAccuracy {
  /** 0-1. */
  score: number;
  factors: Array<{ aspect: string; status: AccuracyStatus }>;
}

export interface DataFreshness {
  /** RFC 3339 date-time (D8). */
  timestamp: string;
  age: DataAge;
  status: FreshnessStatus;
  /** When the data should be refreshed (RFC 3339). */
  nextUpdate?: string;
}

export interface DataQuality {
  completeness: DataCompleteness;
  accuracy: DataAccuracy;
  freshness: DataFreshness;
}

export interface SmartData<T> {
  processed: T;
  rawData?: unknown;
  validation: DataValidation;
  dataQuality: DataQuality;
}

// ---- Section 3: metadata -------------------------------------------------------------------

export interface Assumption {
  what: string;
  why: string;
  impact: Level;
}

/** A warning with a stable ID; `TWarningId` narrows IDs to the server's generated constants. */
export interface StructuredWarning<TWarningId extends string = string> {
  id: TWarningId;
  severity: WarningSeverity;
  category: WarningCategory;
  message: string;
  field?: string;
  impact: string;
  suggestion?: string;
}

export interface SmartMetadata<TTool extends string = string, TWarningId extends string = string> {
  tool: { name: TTool; version: string; category: ToolCategory };
  execution: {
    /** Processing time in ms. */
    duration: number;
    /** RFC 3339 date-time (D8). */
    timestamp: string;
    cached: boolean;
    cacheHit?: boolean;
  };
  source: { name: string; url?: string; version?: string; reliability: Level };
  assumptions: Assumption[];
  warnings: Array<StructuredWarning<TWarningId>>;
}

// ---- Section 4: recommendations ------------------------------------------------------------

export interface RecommendationDriver {
  factor: string;
  value: number | string;
  /** 0-1: how much this influenced the decision. */
  weight: number;
  direction: DriverDirection;
}

export interface PrimaryRecommendation {
  action: RecommendationAction;
  /** 0-1. */
  confidence: number;
  priority: RecommendationPriority;
  reasoning: string;
  drivers: RecommendationDriver[];
}

export interface Scenario {
  condition: string;
  action: string;
  reasoning: string;
}

/**
 * A next step that names tool `K`. The kit's `nextStep("tool")` returns this, typed by the one tool
 * it names: typed as a `NextStep` of every tool, an array of two such steps was a union of one
 * object per tool, which the checker reduces pair by pair (TS2590, "too complex to represent", at
 * 1,000 tools).
 */
export type ToolNextStep<K extends string, TInput> = {
  action: string;
  tool: K;
  params?: Partial<TInput>;
  priority: NextStepPriority;
  reason: string;
};

/**
 * A next step. Naming a tool K types its `params` by K's input, so an unknown tool or a wrong
 * parameter is a compile error once generation supplies `TTool` and `TInputs`.
 */
export type NextStep<TTool extends string = string, TInputs extends ToolInputMap<TTool> = OpenToolInputs<TTool>> =
  | { [K in TTool]: ToolNextStep<K, TInputs[K]> }[TTool]
  | {
      action: string;
      tool?: never;
      params?: Record<string, unknown>;
      priority: NextStepPriority;
      reason: string;
    };

export interface Risk {
  what: string;
  likelihood: Level;
  impact: Level;
  mitigation?: string;
}

export interface SmartRecommendations<
  TTool extends string = string,
  TInputs extends ToolInputMap<TTool> = OpenToolInputs<TTool>,
> {
  primary: PrimaryRecommendation;
  scenarios?: Scenario[];
  nextSteps: Array<NextStep<TTool, TInputs>>;
  risks: Risk[];
}

// ---- Section 5: context --------------------------------------------------------------------

export type RelatedTool<TTool extends string = string, TInputs extends ToolInputMap<TTool> = OpenToolInputs<TTool>> = {
  [K in TTool]: {
    name: K;
    reason: string;
    suggestedParams?: Partial<TInputs[K]>;
    expectedValue: string;
    priority: Level;
  };
}[TTool];

export interface AlternativeTool<TTool extends string = string> {
  name: TTool;
  whenToUse: string;
  tradeoffs: string[];
}

export interface FollowUpQuestion {
  question: string;
  why: string;
  options?: string[];
}

/** One node of the tool dependency graph: what a tool needs and what it hands on. */
export interface ToolDependencies<TTool extends string = string> {
  /** Data (or tools, D2) this tool needs. */
  requires: string[];
  /** Data this tool provides. */
  provides: string[];
  conflictsWith?: TTool[];
}

export interface LearnMore {
  topic: string;
  relevance: string;
  resource?: string;
}

export interface SmartContext<TTool extends string = string, TInputs extends ToolInputMap<TTool> = OpenToolInputs<TTool>> {
  relatedTools: Array<RelatedTool<TTool, TInputs>>;
  alternativeTools: Array<AlternativeTool<TTool>>;
  suggestedFollowUp: FollowUpQuestion[];
  dependencies: ToolDependencies<TTool>;
  learnMore: LearnMore[];
}

// ---- Section 6: presentation ---------------------------------------------------------------

export interface PresentationTable {
  /** From Task 4.1's example (D4). */
  type?: string;
  title: string;
  headers: string[];
  rows: Array<Array<string | number>>;
}

export interface PresentationChart {
  type: ChartType;
  title: string;
  /** From Task 4.1's example (D4). */
  description?: string;
  data: unknown;
}

export interface Presentation {
  headline: string;
  subheadline?: string;
  /** 3-5 bullet points (advice, not enforced: D16). */
  highlights: string[];
  tables?: PresentationTable[];
  charts?: PresentationChart[];
  formatting: {
    currency: string;
    locale: string;
    decimals: { price: number; percentage: number; ratio: number };
  };
}

// ---- Section 7: feedback -------------------------------------------------------------------

export interface Feedback {
  responseQuality: {
    /** User feedback 1-5. */
    rating?: number;
    issues?: string[];
  };
  improvementHints: Array<{ aspect: string; suggestion: string; priority: Level }>;
  modelVersion: string;
  promptTokens?: number;
  completionTokens?: number;
}

// ---- The envelope --------------------------------------------------------------------------

/**
 * The seven sections. A type alias (not an interface) so that it is assignable to MCP's
 * `structuredContent: { [key: string]: unknown }`.
 */
export type SmartResponseV2<
  T = unknown,
  TTool extends string = string,
  TInputs extends ToolInputMap<TTool> = OpenToolInputs<TTool>,
  TWarningId extends string = string,
> = {
  summary: SmartSummary;
  data: SmartData<T>;
  metadata: SmartMetadata<TTool, TWarningId>;
  recommendations: SmartRecommendations<TTool, TInputs>;
  context: SmartContext<TTool, TInputs>;
  presentation?: Presentation;
  feedback?: Feedback;
};

// ============================================================================================
// Builder
// ============================================================================================

/** The sections in the document's order: what the AI needs first comes first (D21). */
export const SMART_V2_SECTION_ORDER = ["summary", "data", "metadata", "recommendations", "context", "presentation", "feedback"] as const;

/**
 * The single constructor: the five required sections are required properties, so leaving one out
 * is a compile error. Scores are clamped into range (D6); everything else is passed through. The
 * sections come out in the document's order whatever order the caller wrote them in, followed by
 * any further field (a composed `guidance`) in the caller's order (D21).
 * Generated formatters call it with the server's types:
 * `createSmartResponseV2<Payload, ToolName, ToolInputs, WarningId>({ ... })`.
 */
export function createSmartResponseV2<
  T,
  TTool extends string = string,
  TInputs extends ToolInputMap<TTool> = OpenToolInputs<TTool>,
  TWarningId extends string = string,
>(sections: SmartResponseV2<T, TTool, TInputs, TWarningId>): SmartResponseV2<T, TTool, TInputs, TWarningId> {
  const { summary, data, recommendations } = sections;
  const envelope: SmartResponseV2<T, TTool, TInputs, TWarningId> = {
    ...sections,
    summary: {
      ...summary,
      keyFindings: summary.keyFindings.map((finding, index) =>
        finding.weight === undefined
          ? { ...finding }
          : { ...finding, weight: clampScore(finding.weight, 0, 1, `/summary/keyFindings/${index}/weight`) },
      ),
      confidence: { ...summary.confidence, score: clampScore(summary.confidence.score, 0, 1, "/summary/confidence/score") },
    },
    data: {
      ...data,
      dataQuality: {
        ...data.dataQuality,
        completeness: {
          ...data.dataQuality.completeness,
          percentage: clampScore(data.dataQuality.completeness.percentage, 0, 100, "/data/dataQuality/completeness/percentage"),
        },
        accuracy: {
          ...data.dataQuality.accuracy,
          score: clampScore(data.dataQuality.accuracy.score, 0, 1, "/data/dataQuality/accuracy/score"),
        },
      },
    },
    recommendations: {
      ...recommendations,
      primary: {
        ...recommendations.primary,
        confidence: clampScore(recommendations.primary.confidence, 0, 1, "/recommendations/primary/confidence"),
        drivers: recommendations.primary.drivers.map((driver, index) => ({
          ...driver,
          weight: clampScore(driver.weight, 0, 1, `/recommendations/primary/drivers/${index}/weight`),
        })),
      },
    },
  };
  const rating = sections.feedback?.responseQuality.rating;
  if (sections.feedback !== undefined && rating !== undefined) {
    envelope.feedback = {
      ...sections.feedback,
      responseQuality: {
        ...sections.feedback.responseQuality,
        rating: clampScore(rating, 1, 5, "/feedback/responseQuality/rating"),
      },
    };
  }
  return frontLoaded(envelope);
}

/** The same envelope with its sections in the document's order, then any other field (D21). */
function frontLoaded<E extends { [key: string]: unknown }>(envelope: E): E {
  const ordered: { [key: string]: unknown } = {};
  for (const key of SMART_V2_SECTION_ORDER) {
    if (Object.prototype.hasOwnProperty.call(envelope, key)) ordered[key] = envelope[key];
  }
  for (const [key, value] of Object.entries(envelope)) {
    if (!Object.prototype.hasOwnProperty.call(ordered, key)) ordered[key] = value;
  }
  return ordered as E;
}

function clampScore(value: number, min: number, max: number, where: string): number {
  if (Number.isNaN(value)) throw new RangeError(`${where} is NaN; a score must be a number between ${min} and ${max}`);
  return Math.min(max, Math.max(min, value));
}

// ============================================================================================
// Helpers the document specifies
// ============================================================================================

// ---- Key findings (Task 2.1) ---------------------------------------------------------------

export interface MetricThresholds {
  excellent: number;
  good: number;
  neutral: number;
  concerning: number;
  critical: number;
}

/** Assess a metric against its thresholds (D13). */
export function assessMetric(value: number, thresholds: MetricThresholds, higherIsBetter: boolean): Assessment {
  if (Number.isNaN(value)) throw new RangeError("assessMetric: value is NaN");
  const order = SMART_V2_LITERALS.assessment;
  const reaches = (candidate: number, threshold: number): boolean =>
    higherIsBetter ? candidate >= threshold : candidate <= threshold;
  for (let index = 1; index < order.length; index++) {
    const better = order[index - 1] as Assessment;
    const worse = order[index] as Assessment;
    if (!reaches(thresholds[better], thresholds[worse])) {
      throw new RangeError(
        `assessMetric: thresholds out of order: ${better} (${thresholds[better]}) must be ${higherIsBetter ? ">=" : "<="} ${worse} (${thresholds[worse]}) when ${higherIsBetter ? "higher" : "lower"} is better`,
      );
    }
  }
  for (const level of ["excellent", "good", "neutral", "concerning"] as const) {
    if (reaches(value, thresholds[level])) return level;
  }
  return "critical";
}

const ICON_BY_ASSESSMENT: { readonly [A in Assessment]: KeyFindingIcon } = {
  excellent: "✓",
  good: "✓",
  neutral: "○",
  concerning: "⚠",
  critical: "✗",
};

/** The quick visual indicator for an assessment (D15). */
export function assessmentIcon(assessment: Assessment): KeyFindingIcon {
  return ICON_BY_ASSESSMENT[assessment];
}

/** A key finding without a weight counts as 0.5 (Task 2.1). */
export const DEFAULT_KEY_FINDING_WEIGHT = 0.5;

/** Most important first; equal weights keep their order. */
export function rankKeyFindings<F extends KeyFinding>(findings: readonly F[]): F[] {
  return findings
    .map((finding, index) => ({ finding, index, weight: finding.weight ?? DEFAULT_KEY_FINDING_WEIGHT }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.finding);
}

// ---- Confidence (Task 1.3) -----------------------------------------------------------------

export const CONFIDENCE_WEIGHTS = {
  dataQuality: 0.3,
  completeness: 0.3,
  modelAgreement: 0.25,
  dataFreshness: 0.15,
} as const;

/**
 * The document's weighted confidence (0-1). Inputs are clamped into 0-1; `modelAgreement` is
 * `null` for tools that are not valuations, and the remaining weights are rescaled (D14).
 */
export function calculateConfidence(
  dataQuality: number,
  completeness: number,
  modelAgreement: number | null,
  dataFreshness: number,
): number {
  const w = CONFIDENCE_WEIGHTS;
  let weighted =
    clampScore(dataQuality, 0, 1, "calculateConfidence: dataQuality") * w.dataQuality +
    clampScore(completeness, 0, 1, "calculateConfidence: completeness") * w.completeness +
    clampScore(dataFreshness, 0, 1, "calculateConfidence: dataFreshness") * w.dataFreshness;
  let totalWeight = w.dataQuality + w.completeness + w.dataFreshness;
  if (modelAgreement !== null) {
    weighted += clampScore(modelAgreement, 0, 1, "calculateConfidence: modelAgreement") * w.modelAgreement;
    totalWeight += w.modelAgreement;
  }
  return Math.min(1, Math.max(0, weighted / totalWeight));
}

/** The label for a 0-1 confidence score (D15). */
export function confidenceLevel(score: number): ConfidenceLevel {
  const clamped = clampScore(score, 0, 1, "confidenceLevel: score");
  if (clamped >= 0.9) return "Very High";
  if (clamped >= 0.7) return "High";
  if (clamped >= 0.5) return "Medium";
  if (clamped >= 0.3) return "Low";
  return "Very Low";
}

// ---- Freshness (Task 2.2) ------------------------------------------------------------------

/** A date that exists: day 29 of February only in leap years (divisible by 4, not by 100 unless by 400). */
const CALENDAR_DATE =
  "(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))" +
  "|(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)";

/** RFC 3339 date-time with seconds and a zone, on a calendar date, without leap seconds (D8). */
export const DATE_TIME_PATTERN = `^${CALENDAR_DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`;

const MS_PER_UNIT: { readonly [U in AgeUnit]: number } = {
  seconds: 1_000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};

function toDate(timestamp: string | Date, where: string): Date {
  const date = timestamp instanceof Date ? new Date(timestamp.getTime()) : new Date(timestamp);
  if (Number.isNaN(date.getTime())) throw new RangeError(`${where}: not a valid timestamp: ${String(timestamp)}`);
  return date;
}

/** How old `timestamp` is at `now`, in the largest whole unit (D12). */
export function calculateDataAge(timestamp: string | Date, now: Date = new Date()): DataAge {
  const diff = Math.max(0, toDate(now, "calculateDataAge").getTime() - toDate(timestamp, "calculateDataAge").getTime());
  if (diff < MS_PER_UNIT.minutes) return { value: Math.floor(diff / MS_PER_UNIT.seconds), unit: "seconds" };
  if (diff < MS_PER_UNIT.hours) return { value: Math.floor(diff / MS_PER_UNIT.minutes), unit: "minutes" };
  if (diff < MS_PER_UNIT.days) return { value: Math.floor(diff / MS_PER_UNIT.hours), unit: "hours" };
  return { value: Math.floor(diff / MS_PER_UNIT.days), unit: "days" };
}

/** Freshness of data of a given age, without the document's holes (D11). */
export function getFreshnessStatus(age: DataAge): FreshnessStatus {
  const ms = Math.max(0, age.value) * MS_PER_UNIT[age.unit];
  if (Number.isNaN(ms)) throw new RangeError("getFreshnessStatus: age value is NaN");
  if (ms < 30 * MS_PER_UNIT.seconds) return "real-time";
  if (ms < 15 * MS_PER_UNIT.minutes) return "fresh";
  if (ms < 6 * MS_PER_UNIT.hours) return "acceptable";
  if (ms < 24 * MS_PER_UNIT.hours) return "stale";
  return "outdated";
}

export interface FreshnessOptions {
  now?: Date;
  /** When given, `nextUpdate` is the timestamp plus this many milliseconds (a cache hint). */
  refreshAfterMs?: number;
}

/**
 * The whole `dataQuality.freshness` object for data stamped `timestamp`. A string already in
 * RFC 3339 form is kept as given (its zone offset says something); anything else is restated
 * in UTC, so the section always validates.
 */
export function assessFreshness(timestamp: string | Date, options: FreshnessOptions = {}): DataFreshness {
  const stamped = toDate(timestamp, "assessFreshness");
  const age = calculateDataAge(stamped, options.now);
  const freshness: DataFreshness = {
    timestamp: typeof timestamp === "string" && new RegExp(DATE_TIME_PATTERN).test(timestamp) ? timestamp : stamped.toISOString(),
    age,
    status: getFreshnessStatus(age),
  };
  if (options.refreshAfterMs !== undefined) {
    freshness.nextUpdate = new Date(stamped.getTime() + Math.max(0, options.refreshAfterMs)).toISOString();
  }
  return freshness;
}

// ---- Structured warnings (Task 1.5) --------------------------------------------------------

/** `WARN_` then upper-case letters, digits and underscores (D10). */
export const WARNING_ID_PATTERN = "^WARN_[A-Z0-9]+(?:_[A-Z0-9]+)*$";

/**
 * A structured warning with a checked stable ID. Pass the generated constant
 * (`WarningId.WARN_NO_DIVIDEND_DATA`) so the ID stays in the server's union.
 */
export function createWarning<TId extends `WARN_${string}`>(
  id: TId,
  details: Omit<StructuredWarning<TId>, "id">,
): StructuredWarning<TId> {
  if (!new RegExp(WARNING_ID_PATTERN).test(id)) {
    throw new RangeError(`createWarning: ${JSON.stringify(id)} is not a warning ID like WARN_NO_DIVIDEND_DATA`);
  }
  const warning: StructuredWarning<TId> = {
    id,
    severity: details.severity,
    category: details.category,
    message: details.message,
    impact: details.impact,
  };
  if (details.field !== undefined) warning.field = details.field;
  if (details.suggestion !== undefined) warning.suggestion = details.suggestion;
  return warning;
}

// ---- Field-validation tracker (Task 1.6) ---------------------------------------------------

export interface FieldValidationTracker {
  /** Record what a field holds (D20) and hand the value back unchanged. */
  observe<V>(field: string, value: V): V;
  /** Use `defaultValue` when the value is missing or null, recording why. */
  withDefault<V, D>(field: string, value: V | null | undefined, defaultValue: D, reason: string): V | D;
  /** The `data.validation` section as observed so far (a fresh copy). */
  toValidation(): DataValidation;
}

export function createFieldValidationTracker(): FieldValidationTracker {
  type Entry =
    | { list: "valid" }
    | { list: "missing" }
    | { list: "null" }
    | { list: "default"; defaultValue: unknown; reason: string };
  const entries = new Map<string, Entry>();
  const record = (field: string, entry: Entry): void => {
    entries.set(field, entry);
  };
  return {
    observe(field, value) {
      if (value === undefined) record(field, { list: "missing" });
      else if (value === null) record(field, { list: "null" });
      else record(field, { list: "valid" });
      return value;
    },
    withDefault(field, value, defaultValue, reason) {
      if (value === undefined || value === null) {
        record(field, { list: "default", defaultValue, reason });
        return defaultValue;
      }
      record(field, { list: "valid" });
      return value;
    },
    toValidation() {
      const validation: DataValidation = { validFields: [], missingFields: [], nullFields: [], defaultFields: [] };
      for (const [field, entry] of entries) {
        if (entry.list === "valid") validation.validFields.push(field);
        else if (entry.list === "missing") validation.missingFields.push(field);
        else if (entry.list === "null") validation.nullFields.push(field);
        else if (entry.list === "default") validation.defaultFields.push({ field, defaultValue: entry.defaultValue, reason: entry.reason });
      }
      return validation;
    },
  };
}

// ---- Tool dependency graph (Task 3.4) ------------------------------------------------------

/** Every tool's `context.dependencies`, by tool name. */
export type ToolDependencyGraph<TTool extends string = string> = { readonly [K in TTool]?: ToolDependencies<TTool> };

export interface DependencyEdge<TTool extends string = string> {
  /** The tool that provides. */
  from: TTool;
  /** The tool that requires. */
  to: TTool;
  /** The requirement that links them: a data name, or the provider's own name. */
  via: string;
}

export interface DependencyResolution<TTool extends string = string> {
  edges: Array<DependencyEdge<TTool>>;
  /** Requirements that no other tool provides (data from outside, or a gap). */
  unresolved: Array<{ tool: TTool; requirement: string }>;
}

/**
 * Link each requirement to its providers: a requirement that names a tool of the graph links to
 * that tool; otherwise it links to every other tool that `provides` it (exact match). Edges come in
 * the graph's order, then the requirements' order.
 */
export function dependencyEdges<TTool extends string>(graph: ToolDependencyGraph<TTool>): DependencyResolution<TTool> {
  const nodes: Array<[TTool, ToolDependencies<TTool>]> = [];
  for (const name of Object.keys(graph) as TTool[]) {
    const node = graph[name];
    if (node !== undefined) nodes.push([name, node]);
  }
  const resolution: DependencyResolution<TTool> = { edges: [], unresolved: [] };
  for (const [consumer, node] of nodes) {
    for (const requirement of node.requires) {
      const named = nodes.find(([name]) => name === requirement && name !== consumer);
      const providers = named
        ? [named[0]]
        : nodes.filter(([name, other]) => name !== consumer && other.provides.includes(requirement)).map(([name]) => name);
      if (providers.length === 0) resolution.unresolved.push({ tool: consumer, requirement });
      for (const provider of providers) resolution.edges.push({ from: provider, to: consumer, via: requirement });
    }
  }
  return resolution;
}

// ============================================================================================
// Rendering to MCP
// ============================================================================================

/** Structurally a MCP `CallToolResult` (assignable to the SDK's type). */
export interface SmartCallToolResult {
  [key: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
}

/**
 * The envelope in `structuredContent`, mirrored as pretty JSON in a text block (the MCP spec's
 * SHOULD). Error paths pass `{ isError: true }` (D18).
 */
export function toCallToolResult<
  T,
  TTool extends string,
  TInputs extends ToolInputMap<TTool>,
  TWarningId extends string,
>(envelope: SmartResponseV2<T, TTool, TInputs, TWarningId>, options: { isError?: boolean } = {}): SmartCallToolResult {
  const result: SmartCallToolResult = {
    content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }],
    structuredContent: envelope,
  };
  if (options.isError === true) result.isError = true;
  return result;
}

// ============================================================================================
// Runtime validation
// ============================================================================================

/** One precise problem: a JSON-pointer `path` and a message (same shape as mcp-conform's). */
export interface ValidationProblem {
  path: string;
  message: string;
  line?: number;
}

/**
 * The envelope's shape as data. The validator walks it, and mcp-conform derives the JSON Schema
 * from the same description, so the two cannot disagree.
 */
export type SmartShape =
  | {
      readonly kind: "string";
      /** Defaults to "not blank" (D9). */
      readonly pattern?: { readonly source: string; readonly message: string };
      readonly blankAllowed?: true;
      /** Checked against `tools` when the validator is given them. */
      readonly reference?: "tool" | "warningId";
    }
  | { readonly kind: "number"; readonly minimum?: number; readonly maximum?: number; readonly integer?: true }
  | { readonly kind: "boolean" }
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | { readonly kind: "stringOrNumber"; readonly blankAllowed?: true }
  | { readonly kind: "array"; readonly items: SmartShape }
  | {
      readonly kind: "object";
      readonly required: { readonly [key: string]: SmartShape };
      readonly optional?: { readonly [key: string]: SmartShape };
      /** Keys that must be absent, with the reason. */
      readonly forbidden?: { readonly [key: string]: string };
    }
  /** Anything (the document's `any`). */
  | { readonly kind: "any" }
  /** `data.processed`: anything here, the tool's payload schema in the JSON Schema. */
  | { readonly kind: "payload" };

const text: SmartShape = { kind: "string" };
const texts: SmartShape = { kind: "array", items: text };
const toolName: SmartShape = { kind: "string", reference: "tool" };
const unitScore: SmartShape = { kind: "number", minimum: 0, maximum: 1 };
const level: SmartShape = { kind: "enum", values: SMART_V2_LITERALS.level };
const dateTime: SmartShape = {
  kind: "string",
  pattern: {
    source: DATE_TIME_PATTERN,
    message: "must be an RFC 3339 date-time with seconds and a time zone, like 2025-01-17T10:30:00Z",
  },
};
const oneOf = (values: readonly string[]): SmartShape => ({ kind: "enum", values });
const listOf = (items: SmartShape): SmartShape => ({ kind: "array", items });
const object = (
  required: { readonly [key: string]: SmartShape },
  optional?: { readonly [key: string]: SmartShape },
  forbidden?: { readonly [key: string]: string },
): SmartShape => ({
  kind: "object",
  required,
  ...(optional === undefined ? {} : { optional }),
  ...(forbidden === undefined ? {} : { forbidden }),
});
const nonNegativeInteger: SmartShape = { kind: "number", minimum: 0, integer: true };

export const SMART_RESPONSE_V2_SHAPE: SmartShape = object(
  {
    summary: object(
      {
        title: text,
        what: text,
        input: object({}, { symbol: text, params: object({}) }),
        keyFindings: listOf(
          object(
            {
              metric: text,
              value: { kind: "stringOrNumber" },
              formatted: text,
              assessment: oneOf(SMART_V2_LITERALS.assessment),
            },
            {
              icon: oneOf(SMART_V2_LITERALS.icon),
              threshold: object({ value: { kind: "number" }, operator: oneOf(SMART_V2_LITERALS.thresholdOperator) }),
              weight: unitScore,
            },
          ),
        ),
        conclusion: text,
        confidence: object({ level: oneOf(SMART_V2_LITERALS.confidenceLevel), score: unitScore, factors: texts }),
      },
      {},
      { action: "was removed in SmartResponse V2: put the action in /recommendations/primary/action" },
    ),
    data: object(
      {
        processed: { kind: "payload" },
        validation: object({
          validFields: texts,
          missingFields: texts,
          nullFields: texts,
          defaultFields: listOf(object({ field: text, defaultValue: { kind: "any" }, reason: text })),
        }),
        dataQuality: object({
          completeness: object({
            percentage: { kind: "number", minimum: 0, maximum: 100 },
            status: oneOf(SMART_V2_LITERALS.completenessStatus),
            missingCritical: texts,
          }),
          accuracy: object({
            score: unitScore,
            factors: listOf(object({ aspect: text, status: oneOf(SMART_V2_LITERALS.accuracyStatus) })),
          }),
          freshness: object(
            {
              timestamp: dateTime,
              age: object({ value: { kind: "number", minimum: 0 }, unit: oneOf(SMART_V2_LITERALS.ageUnit) }),
              status: oneOf(SMART_V2_LITERALS.freshnessStatus),
            },
            { nextUpdate: dateTime },
          ),
        }),
      },
      { rawData: { kind: "any" } },
    ),
    metadata: object({
      tool: object({ name: toolName, version: text, category: oneOf(SMART_V2_LITERALS.toolCategory) }),
      execution: object(
        { duration: { kind: "number", minimum: 0 }, timestamp: dateTime, cached: { kind: "boolean" } },
        { cacheHit: { kind: "boolean" } },
      ),
      source: object({ name: text, reliability: level }, { url: text, version: text }),
      assumptions: listOf(object({ what: text, why: text, impact: level })),
      warnings: listOf(
        object(
          {
            id: {
              kind: "string",
              reference: "warningId",
              pattern: {
                source: WARNING_ID_PATTERN,
                message: "must be a stable warning ID like WARN_NO_DIVIDEND_DATA (WARN_ then A-Z, 0-9 and _)",
              },
            },
            severity: oneOf(SMART_V2_LITERALS.warningSeverity),
            category: oneOf(SMART_V2_LITERALS.warningCategory),
            message: text,
            impact: text,
          },
          { field: text, suggestion: text },
        ),
      ),
    }),
    recommendations: object(
      {
        primary: object({
          action: oneOf(SMART_V2_LITERALS.action),
          confidence: unitScore,
          priority: oneOf(SMART_V2_LITERALS.recommendationPriority),
          reasoning: text,
          drivers: listOf(
            object({
              factor: text,
              value: { kind: "stringOrNumber" },
              weight: unitScore,
              direction: oneOf(SMART_V2_LITERALS.driverDirection),
            }),
          ),
        }),
        nextSteps: listOf(
          object(
            { action: text, priority: oneOf(SMART_V2_LITERALS.nextStepPriority), reason: text },
            { tool: toolName, params: object({}) },
          ),
        ),
        risks: listOf(object({ what: text, likelihood: level, impact: level }, { mitigation: text })),
      },
      { scenarios: listOf(object({ condition: text, action: text, reasoning: text })) },
    ),
    context: object({
      relatedTools: listOf(
        object({ name: toolName, reason: text, expectedValue: text, priority: level }, { suggestedParams: object({}) }),
      ),
      alternativeTools: listOf(object({ name: toolName, whenToUse: text, tradeoffs: texts })),
      suggestedFollowUp: listOf(object({ question: text, why: text }, { options: texts })),
      dependencies: object({ requires: texts, provides: texts }, { conflictsWith: listOf(toolName) }),
      learnMore: listOf(object({ topic: text, relevance: text }, { resource: text })),
    }),
  },
  {
    presentation: object(
      {
        headline: text,
        highlights: texts,
        formatting: object({
          currency: text,
          locale: text,
          decimals: object({ price: nonNegativeInteger, percentage: nonNegativeInteger, ratio: nonNegativeInteger }),
        }),
      },
      {
        subheadline: text,
        tables: listOf(
          object(
            { title: text, headers: texts, rows: listOf(listOf({ kind: "stringOrNumber", blankAllowed: true })) },
            { type: text },
          ),
        ),
        charts: listOf(
          object({ type: oneOf(SMART_V2_LITERALS.chartType), title: text, data: { kind: "any" } }, { description: text }),
        ),
      },
    ),
    feedback: object(
      {
        responseQuality: object({}, { rating: { kind: "number", minimum: 1, maximum: 5 }, issues: texts }),
        improvementHints: listOf(object({ aspect: text, suggestion: text, priority: level })),
        modelVersion: text,
      },
      { promptTokens: nonNegativeInteger, completionTokens: nonNegativeInteger },
    ),
  },
);

export interface SmartValidationOptions {
  /** The server's tool names: references to any other tool are reported. */
  tools?: readonly string[];
  /** The server's declared warning IDs: any other ID is reported. */
  warningIds?: readonly string[];
}

/** Every problem of a whole envelope, in document order. */
export function validateSmartResponseV2(value: unknown, options: SmartValidationOptions = {}): ValidationProblem[] {
  return validateSmartResponseV2At("", value, options);
}

/**
 * Validate one part of an envelope, named by its JSON pointer (`/summary/keyFindings`,
 * `/data/dataQuality/accuracy`, ...); problem paths start with that pointer.
 */
export function validateSmartResponseV2At(
  pointer: string,
  value: unknown,
  options: SmartValidationOptions = {},
): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const context: CheckContext = {
    problems,
    tools: options.tools === undefined ? undefined : new Set(options.tools),
    warningIds: options.warningIds === undefined ? undefined : new Set(options.warningIds),
  };
  checkShape(smartShapeAt(pointer), value, pointer, context);
  return problems;
}

/** The shape of the part of the envelope at a JSON pointer (object properties only). */
export function smartShapeAt(pointer: string): SmartShape {
  let shape = SMART_RESPONSE_V2_SHAPE;
  if (pointer === "") return shape;
  for (const token of pointer.slice(1).split("/")) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    const next = shape.kind === "object" ? (shape.required[key] ?? shape.optional?.[key]) : undefined;
    if (next === undefined) throw new RangeError(`SmartResponseV2 has no part at ${JSON.stringify(pointer)}`);
    shape = next;
  }
  return shape;
}

interface CheckContext {
  problems: ValidationProblem[];
  tools: ReadonlySet<string> | undefined;
  warningIds: ReadonlySet<string> | undefined;
}

function child(path: string, key: string | number): string {
  return `${path}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkShape(shape: SmartShape, value: unknown, path: string, context: CheckContext): void {
  const problem = (message: string): void => {
    context.problems.push({ path, message });
  };
  switch (shape.kind) {
    case "any":
    case "payload":
      return;
    case "boolean":
      if (typeof value !== "boolean") problem("must be a boolean");
      return;
    case "enum":
      if (typeof value !== "string" || !shape.values.includes(value)) {
        problem(`must be one of ${shape.values.map((literal) => JSON.stringify(literal)).join(", ")}`);
      }
      return;
    case "number":
      checkNumber(shape, value, problem);
      return;
    case "stringOrNumber":
      if (typeof value === "number") checkNumber({ kind: "number" }, value, problem);
      else if (typeof value !== "string") problem("must be a string or a number");
      else if (shape.blankAllowed !== true && !/\S/.test(value)) problem("must not be blank");
      return;
    case "string":
      checkString(shape, value, problem, context);
      return;
    case "array":
      if (!Array.isArray(value)) {
        problem("must be an array");
        return;
      }
      value.forEach((item, index) => checkShape(shape.items, item, child(path, index), context));
      return;
    case "object": {
      if (!isPlainObject(value)) {
        problem("must be an object");
        return;
      }
      for (const [key, reason] of Object.entries(shape.forbidden ?? {})) {
        if (key in value) context.problems.push({ path: child(path, key), message: reason });
      }
      for (const [key, property] of Object.entries(shape.required)) {
        if (!(key in value)) context.problems.push({ path: child(path, key), message: "is required" });
        else checkShape(property, value[key], child(path, key), context);
      }
      for (const [key, property] of Object.entries(shape.optional ?? {})) {
        if (key in value) checkShape(property, value[key], child(path, key), context);
      }
      return;
    }
  }
}

function checkNumber(shape: Extract<SmartShape, { kind: "number" }>, value: unknown, problem: (message: string) => void): void {
  if (typeof value !== "number") {
    problem(shape.integer ? "must be an integer" : "must be a number");
    return;
  }
  if (!Number.isFinite(value)) {
    problem("must be a finite number");
    return;
  }
  if (shape.integer && !Number.isInteger(value)) problem("must be an integer");
  else if (shape.minimum !== undefined && shape.maximum !== undefined && (value < shape.minimum || value > shape.maximum)) {
    problem(`must be between ${shape.minimum} and ${shape.maximum}`);
  } else if (shape.minimum !== undefined && value < shape.minimum) problem(`must be at least ${shape.minimum}`);
  else if (shape.maximum !== undefined && value > shape.maximum) problem(`must be at most ${shape.maximum}`);
}

function checkString(
  shape: Extract<SmartShape, { kind: "string" }>,
  value: unknown,
  problem: (message: string) => void,
  context: CheckContext,
): void {
  if (typeof value !== "string") {
    problem("must be a string");
    return;
  }
  if (shape.pattern !== undefined) {
    if (!new RegExp(shape.pattern.source, "u").test(value)) {
      problem(shape.pattern.message);
      return;
    }
  } else if (shape.blankAllowed !== true && !/\S/.test(value)) {
    problem("must not be blank");
    return;
  }
  if (shape.reference === "tool" && context.tools !== undefined && !context.tools.has(value)) {
    problem(`names unknown tool ${JSON.stringify(value)}`);
  }
  if (shape.reference === "warningId" && context.warningIds !== undefined && !context.warningIds.has(value)) {
    problem(`names unknown warning ID ${JSON.stringify(value)}`);
  }
}
