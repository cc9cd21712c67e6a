// Table-driven routing: CloudEvents by `datacontenttype` (schemas/README.md: `cloudevents`), the
// legacy GraphEvent migration (schemas/README.md: `cloudevents`), and the run-event consumer rules of
// the `run_events` family (content routing with the scratchpad bleed filter, tool routing,
// status normalisation). Every table is an argument: the values are the
// contract's (EventContentType, GraphEventContentTypes, WebToolNames,
// ScratchpadToolNames, ScratchpadBleedFilterStrings, StrategyEntryPrefixes,
// StatusNormalization, ...).

const ASCII_SPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;
const LEADING_ASCII_SPACE = /^[ \t\r\n]+/;

/** `type/subtype` in lower case, parameters and surrounding spaces dropped (RFC 2045: case-insensitive). */
export function normalizeMediaType(contentType: string): string {
  const semicolon = contentType.indexOf(";");
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).replace(/^[ \t]+|[ \t]+$/g, "").toLowerCase();
}

export interface ContentTypeRoutes {
  /** Media type -> route name (e.g. the STREAM type -> "stream"). */
  readonly routes: Readonly<Record<string, string>>;
  /** What a CloudEvent without datacontenttype means (application/json). */
  readonly absentContentType: string;
  /** The route of any other media type (a generic renderer). */
  readonly fallback: string;
}

/** The route of a CloudEvent by its `datacontenttype` (undefined or null: the member is absent). */
export function routeContentType(config: ContentTypeRoutes, datacontenttype: string | null | undefined): string {
  const media = normalizeMediaType(datacontenttype ?? config.absentContentType);
  for (const [known, route] of Object.entries(config.routes)) if (normalizeMediaType(known) === media) return route;
  return config.fallback;
}

export interface GraphEventMigration {
  /** GraphEventContentTypes. */
  readonly contentTypes: Readonly<Record<string, string>>;
  /** GraphEventDefaultContentType: "all others". */
  readonly defaultContentType: string;
  /** The CloudEvent specversion const. */
  readonly specversion: string;
}

export function graphEventContentType(config: GraphEventMigration, graphEventType: string): string {
  return Object.hasOwn(config.contentTypes, graphEventType) ? config.contentTypes[graphEventType]! : config.defaultContentType;
}

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
export function migrateGraphEvent(config: GraphEventMigration, graphEventType: string, fields: GraphEventFields): Record<string, unknown> {
  if (typeof fields.id !== "string" || fields.id === "") throw new RangeError("migrateGraphEvent: a CloudEvent needs a non-empty id");
  const event: Record<string, unknown> = { specversion: config.specversion, type: fields.type, source: fields.source, id: fields.id };
  event.datacontenttype = graphEventContentType(config, graphEventType);
  if (fields.data !== undefined) event.data = fields.data;
  return event;
}

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

export const SWALLOW = "swallow";

export function normalizeStatus(config: RunEventRouting, value: string): string | null {
  return Object.hasOwn(config.statusNormalization, value) ? config.statusNormalization[value]! : null;
}

/** Web tool: the web route; scratchpad tool: swallow; any other: the default route. */
export function routeToolCallStart(config: RunEventRouting, tool: string): string {
  if (config.webTools.includes(tool)) return config.webRoute;
  if (config.scratchpadTools.includes(tool)) return SWALLOW;
  return config.defaultRoute;
}

export function routeWebStatus(config: RunEventRouting, tool: string): string {
  return routeToolCallStart(config, tool);
}

/** Scratchpad tool: the scratchpad route only when the (normalised) state is terminal, else swallow. */
export function routeResearchStatus(config: RunEventRouting, tool: string, state: string): string {
  if (config.scratchpadTools.includes(tool)) {
    const normalized = normalizeStatus(config, state);
    return normalized !== null && config.terminalStates.includes(normalized) ? config.scratchpadRoute : SWALLOW;
  }
  if (config.webTools.includes(tool)) return config.webRoute;
  return config.defaultRoute;
}

export function isBleed(config: RunEventRouting, text: string): boolean {
  const trimmed = text.replace(ASCII_SPACE, "");
  return config.bleedStrings.some((bleed) => trimmed === bleed || (bleed.endsWith(":") && trimmed.startsWith(bleed)));
}

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
export class ContentRouter {
  private entry: string[] | null = null;

  constructor(private readonly config: RunEventRouting) {}

  route(text: string): ContentDecision {
    const lead = text.replace(LEADING_ASCII_SPACE, "");
    if (this.config.strategyPrefixes.some((prefix) => lead.startsWith(prefix))) {
      const closedEntry = this.flush();
      this.entry = [text];
      return { route: "scratchpad_start", closedEntry };
    }
    if (this.entry !== null) {
      this.entry.push(text);
      return { route: "scratchpad_append" };
    }
    if (lead.startsWith(this.config.legacyStatusPrefix)) return { route: "legacy_status" };
    if (isBleed(this.config, text)) return { route: SWALLOW };
    return { route: "chat" };
  }

  get openEntry(): string | null {
    return this.entry === null ? null : this.entry.join("");
  }

  flush(): string | null {
    const entry = this.openEntry;
    this.entry = null;
    return entry;
  }
}
