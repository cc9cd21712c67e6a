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
export function normalizeMediaType(contentType) {
  const semicolon = contentType.indexOf(";");
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).replace(/^[ \t]+|[ \t]+$/g, "").toLowerCase();
}
/** The route of a CloudEvent by its `datacontenttype` (undefined or null: the member is absent). */
export function routeContentType(config, datacontenttype) {
  const media = normalizeMediaType(datacontenttype ?? config.absentContentType);
  for (const [known, route] of Object.entries(config.routes)) if (normalizeMediaType(known) === media) return route;
  return config.fallback;
}
export function graphEventContentType(config, graphEventType) {
  return Object.hasOwn(config.contentTypes, graphEventType)
    ? config.contentTypes[graphEventType]
    : config.defaultContentType;
}
/**
 * `migrate_graph_event_to_cloud_event`: a CloudEvent whose datacontenttype follows the legacy type.
 * @throws RangeError when `fields.id` is empty.
 */
export function migrateGraphEvent(config, graphEventType, fields) {
  if (typeof fields.id !== "string" || fields.id === "")
    throw new RangeError("migrateGraphEvent: a CloudEvent needs a non-empty id");
  const event = { specversion: config.specversion, type: fields.type, source: fields.source, id: fields.id };
  event.datacontenttype = graphEventContentType(config, graphEventType);
  if (fields.data !== undefined) event.data = fields.data;
  return event;
}
export const SWALLOW = "swallow";
export function normalizeStatus(config, value) {
  return Object.hasOwn(config.statusNormalization, value) ? config.statusNormalization[value] : null;
}
/** Web tool: the web route; scratchpad tool: swallow; any other: the default route. */
export function routeToolCallStart(config, tool) {
  if (config.webTools.includes(tool)) return config.webRoute;
  if (config.scratchpadTools.includes(tool)) return SWALLOW;
  return config.defaultRoute;
}
export function routeWebStatus(config, tool) {
  return routeToolCallStart(config, tool);
}
/** Scratchpad tool: the scratchpad route only when the (normalised) state is terminal, else swallow. */
export function routeResearchStatus(config, tool, state) {
  if (config.scratchpadTools.includes(tool)) {
    const normalized = normalizeStatus(config, state);
    return normalized !== null && config.terminalStates.includes(normalized) ? config.scratchpadRoute : SWALLOW;
  }
  if (config.webTools.includes(tool)) return config.webRoute;
  return config.defaultRoute;
}
export function isBleed(config, text) {
  const trimmed = text.replace(ASCII_SPACE, "");
  return config.bleedStrings.some((bleed) => trimmed === bleed || (bleed.endsWith(":") && trimmed.startsWith(bleed)));
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
  config;
  entry = null;
  constructor(config) {
    this.config = config;
  }
  route(text) {
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
  get openEntry() {
    return this.entry === null ? null : this.entry.join("");
  }
  flush() {
    const entry = this.openEntry;
    this.entry = null;
    return entry;
  }
}
