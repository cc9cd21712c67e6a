/** `type/subtype` in lower case, parameters and surrounding spaces dropped (RFC 2045: case-insensitive). */
export declare function normalizeMediaType(contentType: string): string;
export interface ContentTypeRoutes {
  /** Media type -> route name (e.g. the STREAM type -> "stream"). */
  readonly routes: Readonly<Record<string, string>>;
  /** What a CloudEvent without datacontenttype means (application/json). */
  readonly absentContentType: string;
  /** The route of any other media type (a generic renderer). */
  readonly fallback: string;
}
/** The route of a CloudEvent by its `datacontenttype` (undefined or null: the member is absent). */
export declare function routeContentType(config: ContentTypeRoutes, datacontenttype: string | null | undefined): string;
export interface GraphEventMigration {
  /** GraphEventContentTypes. */
  readonly contentTypes: Readonly<Record<string, string>>;
  /** GraphEventDefaultContentType: "all others". */
  readonly defaultContentType: string;
  /** The CloudEvent specversion const. */
  readonly specversion: string;
}
export declare function graphEventContentType(config: GraphEventMigration, graphEventType: string): string;
export interface GraphEventFields {
  /** The CloudEvent type the caller names (the seeds give no rule from GraphEvent types to CloudEvent types). */
  readonly type: string;
  readonly source: string;
  /** Omitted from the CloudEvent when undefined. */
  readonly data?: unknown;
  /** Required and not empty, as every CloudEvent's is (`source` + `id` identify the event). */
  readonly id: string;
}
/**
 * `migrate_graph_event_to_cloud_event`: a CloudEvent whose datacontenttype follows the legacy type.
 * @throws RangeError when `fields.id` is empty.
 */
export declare function migrateGraphEvent(
  config: GraphEventMigration,
  graphEventType: string,
  fields: GraphEventFields,
): Record<string, unknown>;
export interface RunEventRouting {
  readonly webTools: readonly string[];
  readonly scratchpadTools: readonly string[];
  /** WebSearchStatus. */
  readonly webRoute: string;
  /** ScratchpadStatus. */
  readonly scratchpadRoute: string;
  /** DefaultToolRoute: DeepResearchStatus. */
  readonly defaultRoute: string;
  readonly strategyPrefixes: readonly string[];
  /** An entry ending with ":" is a prefix of variable messages. */
  readonly bleedStrings: readonly string[];
  readonly legacyStatusPrefix: string;
  readonly statusNormalization: Readonly<Record<string, string>>;
  /** Normalised states that end an operation (success, error). */
  readonly terminalStates: readonly string[];
}
export declare const SWALLOW = "swallow";
export declare function normalizeStatus(config: RunEventRouting, value: string): string | null;
/** Web tool: the web route; scratchpad tool: swallow; any other: the default route. */
export declare function routeToolCallStart(config: RunEventRouting, tool: string): string;
export declare function routeWebStatus(config: RunEventRouting, tool: string): string;
/** Scratchpad tool: the scratchpad route only when the (normalised) state is terminal, else swallow. */
export declare function routeResearchStatus(config: RunEventRouting, tool: string, state: string): string;
export declare function isBleed(config: RunEventRouting, text: string): boolean;
/**
 * route: scratchpad_start, scratchpad_append, legacy_status, swallow or chat; closedEntry: the entry a
 * new entry start closed.
 */
export interface ContentDecision {
  readonly route: "scratchpad_start" | "scratchpad_append" | "legacy_status" | "swallow" | "chat";
  readonly closedEntry?: string | null;
}
/**
 * The `run_events` family's routing order for `content` events, with the scratchpad
 * accumulation buffer: (1) a strategy prefix opens an entry (closing an open
 * one); (2) while an entry is open, text is appended to it; (3) the legacy
 * StatusEvent prefix goes to the web status; (4) a bleed string is swallowed;
 * (5) anything else is chat. Prefixes are matched after leading ASCII
 * whitespace; bleed strings on the text trimmed at both ends, exactly, or as a
 * prefix when they end with ":". `flush` (on the lifecycle `status` event or
 * a terminal run event) closes the open entry and returns it.
 */
export declare class ContentRouter {
  private readonly config;
  private entry;
  constructor(config: RunEventRouting);
  route(text: string): ContentDecision;
  get openEntry(): string | null;
  flush(): string | null;
}
